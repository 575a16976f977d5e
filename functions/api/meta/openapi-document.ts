import { OpenApiGeneratorV31, OpenAPIRegistry, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { CONTRACT_VERSION } from '../../../shared/api/contract-version';
import { ROUTES, type RouteDefinition } from '../../../shared/api/route-table';
import { errorBodySchema } from '../../../shared/api/schemas/common';
import { ROUTE_SCHEMAS } from '../../../shared/api/schemas/route-schemas';

const SECURITY: Record<RouteDefinition['auth'], RouteConfig['security']> = {
  public: [],
  'provider-token': [{ bearer: [] }],
  bearer: [{ bearer: [] }],
  'bearer-or-api-key': [{ bearer: [] }, { apiKey: [], userId: [] }],
  'stripe-signed': [{ stripeSignature: [] }],
  'slack-signed': [{ slackSignature: [] }],
};

function pathParameters(path: string) {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  return names.length > 0 ? z.object(Object.fromEntries(names.map((name) => [name, z.string()]))) : undefined;
}

/** Built from the route table and the zod schemas the handlers validate with (contract §3.2). */
export function buildOpenApiDocument() {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  registry.registerComponent('securitySchemes', 'apiKey', { type: 'apiKey', in: 'header', name: 'X-API-Key' });
  registry.registerComponent('securitySchemes', 'userId', { type: 'apiKey', in: 'header', name: 'X-User-ID' });
  registry.registerComponent('securitySchemes', 'stripeSignature', { type: 'apiKey', in: 'header', name: 'Stripe-Signature' });
  registry.registerComponent('securitySchemes', 'slackSignature', { type: 'apiKey', in: 'header', name: 'X-Slack-Signature' });

  for (const route of ROUTES) {
    const schemas = ROUTE_SCHEMAS[route.id] ?? {};
    const params = pathParameters(route.path);
    const status = String(schemas.status ?? 200);
    registry.registerPath({
      method: route.method.toLowerCase() as RouteConfig['method'],
      path: route.path,
      operationId: route.id,
      summary: route.summary,
      description: `Contract §${route.section}. Roles: ${route.roles.length > 0 ? route.roles.join(', ') : route.auth}.`,
      tags: [route.family],
      security: SECURITY[route.auth],
      request: {
        ...(params ? { params } : {}),
        ...(schemas.body ? { body: { content: { 'application/json': { schema: schemas.body } } } } : {}),
      },
      responses: {
        [status]: schemas.response
          ? { description: 'Success', content: { 'application/json': { schema: schemas.response } } }
          : { description: 'Success' },
        default: { description: 'Error (contract §1.4)', content: { 'application/json': { schema: errorBodySchema } } },
      },
    });
  }

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Groundwork API', version: CONTRACT_VERSION, description: 'The HTTP contract shared by the backend, the web client and the tests.' },
    servers: [{ url: '/' }],
  });
}
