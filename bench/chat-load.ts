/**
 * The chat load of bench/retrieval.ts, run in a worker thread so that the virtual users' HTTP
 * clients do not share the server's event loop (they still share the machine's cores, as a load
 * generator on the same host does). Each virtual user sends in a closed loop, one X-User-ID each,
 * a new session every `messagesPerSession` sends.
 */
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

export interface ChatLoadPlan {
  baseUrl: string;
  applicationId: string;
  apiToken: string;
  users: number;
  requests: number;
  messagesPerSession: number;
  /** Taken in turn, so that the questions in flight are distinct (users ≤ questions). */
  questions: string[];
}

export interface ChatLoadSend {
  question: string;
  status: number;
  roundTripMs: number;
}

/** The token's rate-limit window as the last answer of the load left it (§1.8's X-RateLimit-* headers). */
export interface RateLimitWindow {
  remaining: number;
  /** Epoch seconds. */
  resetAt: number;
}

export interface ChatLoadResult {
  sends: ChatLoadSend[];
  rateLimit?: RateLimitWindow;
}

/**
 * One POST over a kept-alive connection with node:http. The virtual users share the server's two
 * cores, so the client should cost as little as it can: here `fetch` (undici's WHATWG layer) cost
 * about 1.5 ms of CPU more per request than `http.request`, CPU the server then did not have.
 */
function postJson(agent: Agent, url: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string; rateLimit?: RateLimitWindow }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
      const chunks: Buffer[] = [];
      const remaining = Number(response.headers['x-ratelimit-remaining']);
      const resetAt = Number(response.headers['x-ratelimit-reset']);
      const rateLimit = Number.isFinite(remaining) && Number.isFinite(resetAt) ? { remaining, resetAt } : undefined;
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), rateLimit }));
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

async function run(plan: ChatLoadPlan): Promise<ChatLoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: plan.users });
  let rateLimit: RateLimitWindow | undefined;
  const post = async (path: string, auth: Record<string, string>, body: unknown) => {
    const response = await postJson(agent, `${plan.baseUrl}${path}`, auth, JSON.stringify(body));
    // The latest window, and in it the least left (answers of one window may arrive out of order).
    const seen = response.rateLimit;
    if (seen && (!rateLimit || seen.resetAt > rateLimit.resetAt || (seen.resetAt === rateLimit.resetAt && seen.remaining < rateLimit.remaining))) rateLimit = seen;
    return { status: response.status, body: response.text ? (JSON.parse(response.text) as { session?: { id?: string } }) : {} };
  };
  const sends: ChatLoadSend[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: plan.users }, async (_, user) => {
      const auth = { 'x-api-key': plan.apiToken, 'x-user-id': `bench-user-${plan.users}-${user}` };
      let sessionId: string | undefined;
      let sent = 0;
      while (next < plan.requests) {
        const request = next++;
        if (!sessionId || sent % plan.messagesPerSession === 0) {
          const created = await post(`/api/chat/sessions/${plan.applicationId}`, auth, {});
          if (created.status !== 201 || !created.body.session?.id) throw new Error(`Chat session: ${created.status} ${JSON.stringify(created.body)}`);
          sessionId = created.body.session.id;
        }
        sent += 1;
        const question = plan.questions[request % plan.questions.length] as string;
        const started = performance.now();
        const answer = await post(`/api/chat/messages/${plan.applicationId}/sessions/${sessionId}`, auth, { message: { text: question, sender: 'user' } });
        sends.push({ question, status: answer.status, roundTripMs: performance.now() - started });
      }
    }),
  );
  agent.destroy();
  return { sends, rateLimit };
}

if (parentPort) {
  const port = parentPort;
  run(workerData as ChatLoadPlan).then(
    (result) => port.postMessage(result),
    (error: unknown) => port.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
}
