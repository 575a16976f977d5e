import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../shared/api/route-table';
import { buildOpenApiDocument } from './openapi-document';

type Operation = { responses: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }> };

describe('the OpenAPI document (§3.2)', () => {
  const document = buildOpenApiDocument() as unknown as { paths: Record<string, Record<string, Operation>> };
  const operation = (method: string, path: string) => document.paths[path]?.[method.toLowerCase()] as Operation;

  it('describes the answer of every knowledge-base, application and chat route that answers JSON, with its status', () => {
    const families = new Set(['knowledge-bases', 'rag', 'chat']);
    // Deletes answer 204; notify's per-integration results are not a contract entity.
    const withoutBody = new Set(['knowledge-bases.delete', 'rag.delete', 'rag.notify']);
    for (const route of ROUTES.filter((candidate) => families.has(candidate.family) && !withoutBody.has(candidate.id))) {
      const responses = operation(route.method, route.path).responses;
      const success = Object.keys(responses).find((status) => status.startsWith('2'));
      expect(success && responses[success]?.content?.['application/json']?.schema, route.id).toBeTruthy();
    }
    expect(Object.keys(operation('POST', '/api/knowledge-bases/{id}/deploy').responses)).toContain('202');
    expect(Object.keys(operation('POST', '/api/chat/sessions/{appId}').responses)).toContain('201');
  });

  it('gives a sent message its whole session and the session, each message with its sources and generator', () => {
    const schema = operation('POST', '/api/chat/messages/{appId}/sessions/{sessionId}').responses['200']?.content?.['application/json']?.schema;
    expect(Object.keys(schema?.properties ?? {})).toEqual(['messages', 'session']);
    const message = (schema?.properties?.messages as { items: { properties: Record<string, unknown> } }).items;
    expect(Object.keys(message.properties)).toEqual(expect.arrayContaining(['id', 'sessionId', 'text', 'sender', 'timestamp', 'sources', 'generator']));
  });
});
