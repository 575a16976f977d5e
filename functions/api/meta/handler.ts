import { createFamilyHandler } from '../../http/family-handler';
import { implement } from '../../http/api-types';
import { checkHealth } from './health-check';
import { buildOpenApiDocument } from './openapi-document';

let openApiDocument: ReturnType<typeof buildOpenApiDocument> | undefined;

export const handler = createFamilyHandler('meta', {
  'meta.health': implement({
    async handle() {
      const health = await checkHealth();
      if (health.status === 'ok') return { status: 200, body: health };
      return { status: 503, body: { ...health, message: 'Service degraded', status: 503, code: 'SERVICE_UNAVAILABLE' } };
    },
  }),
  'meta.openapi': implement({
    async handle() {
      openApiDocument ??= buildOpenApiDocument();
      return { status: 200, body: openApiDocument, headers: { 'Cache-Control': 'public, max-age=300' } };
    },
  }),
});
