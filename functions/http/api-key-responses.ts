import { rateLimitHeaders } from '../domain/api-access/api-key-rate-limit';
import type { RouteImplementation } from './api-types';
import { apiKeyCallerOf } from './authentication';
import { ContractError } from '../contracts/contract-error';

/**
 * §1.8: every API-key call carries `X-RateLimit-*`, its errors included. Routes wrapped here parse
 * their input inside `handle`, so a validation error goes out with the headers too.
 */
export function withRateLimitHeaders<TBody, TQuery, TParams>(implementation: RouteImplementation<TBody, TQuery, TParams>): RouteImplementation<TBody, TQuery, TParams> {
  return {
    ...implementation,
    async handle(request) {
      const apiKey = apiKeyCallerOf(request.event);
      if (!apiKey) return implementation.handle(request);
      const headers = rateLimitHeaders(apiKey.rateLimit);
      try {
        const response = await implementation.handle(request);
        return { ...response, headers: { ...response.headers, ...headers } };
      } catch (error) {
        if (!(error instanceof ContractError)) throw error;
        throw new ContractError(error.code, error.message, { details: error.details, status: error.status, headers: { ...headers, ...error.headers } });
      }
    },
  };
}
