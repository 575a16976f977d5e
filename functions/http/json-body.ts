import type { MiddlewareObj } from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import { MAX_JSON_BODY_BYTES, MESSAGES } from '../../shared/api/errors';
import type { ApiEvent, ApiResult } from './api-types';
import { ContractError } from '../contracts/contract-error';

/**
 * JSON bodies (§1.1): an empty body needs no Content-Type; a body over 1 MB is 413; other content
 * types are 415; malformed JSON is 400. middy's parser does the parsing; this guards around it.
 */
export function jsonBody(): MiddlewareObj<ApiEvent, ApiResult> {
  const parser = httpJsonBodyParser({ disableContentTypeError: false });
  return {
    before: async (request) => {
      const { event } = request;
      if (event.body === undefined || event.body === null || event.body === '') {
        (event as { body?: unknown }).body = undefined;
        return;
      }
      const size = event.isBase64Encoded ? Math.floor((event.body.length * 3) / 4) : Buffer.byteLength(event.body, 'utf8');
      if (size > MAX_JSON_BODY_BYTES) throw new ContractError('PAYLOAD_TOO_LARGE', MESSAGES.bodyTooLarge);
      await parser.before?.(request as never);
    },
  };
}
