import { ERROR_STATUS } from '../../../shared/api/errors';
import type { FuzzRequest } from './fuzz-requests';

export interface FuzzAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** Statuses a route of a family that has not landed may answer after authentication (README, "Status"). */
const NOT_IMPLEMENTED = 501;

/**
 * What every answer must satisfy whatever was sent (§1.1, §1.4): no 5xx but a not-implemented 501,
 * every error in the contract's shape with `status` equal to the HTTP status, and an X-Request-Id.
 * Answers the problems found; none means the answer is acceptable.
 */
export function problemsOf(answer: FuzzAnswer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500 && answer.status !== NOT_IMPLEMENTED) problems.push(`status ${answer.status}`);
  if (answer.status >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      problems.push('error body is not JSON');
      return problems;
    }
    const error = body as { message?: unknown; status?: unknown; code?: unknown };
    if (typeof error?.message !== 'string' || error.message === '') problems.push('error without a message');
    if (error?.status !== answer.status) problems.push(`body status ${String(error?.status)} ≠ HTTP ${answer.status}`);
    if (typeof error?.code !== 'string' || !(error.code in ERROR_STATUS)) problems.push(`unknown code ${String(error?.code)}`);
    if (answer.status === NOT_IMPLEMENTED && error?.code !== 'NOT_IMPLEMENTED') problems.push('501 without NOT_IMPLEMENTED');
  }
  return problems;
}

/** §1.1: every response carries X-Request-Id. */
export function lacksRequestId(answer: FuzzAnswer): boolean {
  return !answer.headers.get('x-request-id');
}

/** One line naming a failed request, enough to replay it by hand. */
export function describeFailure(request: FuzzRequest, answer: FuzzAnswer, problems: string[]): string {
  const body = request.body === undefined ? '' : ` body=${request.body.length > 160 ? `${request.body.slice(0, 160)}…(${request.body.length})` : request.body}`;
  const path = request.path.length > 120 ? `${request.path.slice(0, 120)}…(${request.path.length})` : request.path;
  return `${request.route.id} as ${request.caller}: ${request.method} ${path}${body} → ${answer.status} ${answer.text.slice(0, 200)} [${problems.join('; ')}]`;
}
