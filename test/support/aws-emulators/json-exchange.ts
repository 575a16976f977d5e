import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';

/** The JSON body of a request to one of the fake AWS services ({} when empty). */
export async function readJson(request: IncomingMessage | Http2ServerRequest): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/**
 * Answers in the AWS JSON shapes: errors carry their type in `x-amzn-errortype` and `__type`, which
 * is how the SDK's JSON and REST-JSON protocols tell which exception class to throw.
 */
export function replyJson(response: ServerResponse | Http2ServerResponse, status: number, body: unknown, contentType = 'application/json'): void {
  const headers: Record<string, string> = { 'Content-Type': contentType };
  const type = (body as { __type?: unknown } | undefined)?.__type;
  if (status >= 400 && typeof type === 'string') headers['x-amzn-errortype'] = type;
  response.writeHead(status, headers);
  response.end(JSON.stringify(body));
}
