import type { ZodType } from 'zod';
import { loginRequestSchema, loginResponseSchema, passwordStatusResponseSchema, validateSessionResponseSchema, verifyTokenRequestSchema, verifyTokenResponseSchema } from './auth';
import { healthResponseSchema } from './health';

/**
 * Request and response schemas by route id. The handlers validate with them and the OpenAPI
 * document is generated from them, so the two cannot disagree. Routes join as they are built.
 */
export const ROUTE_SCHEMAS: Partial<Record<string, { body?: ZodType; response?: ZodType; status?: number }>> = {
  'meta.health': { response: healthResponseSchema },
  'auth.login': { body: loginRequestSchema, response: loginResponseSchema },
  'auth.verifyToken': { body: verifyTokenRequestSchema, response: verifyTokenResponseSchema },
  'auth.verifyAuth0Token': { body: verifyTokenRequestSchema, response: verifyTokenResponseSchema },
  'auth.validateSession': { response: validateSessionResponseSchema },
  'auth.passwordStatus': { response: passwordStatusResponseSchema },
};
