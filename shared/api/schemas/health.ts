import { z } from 'zod';

const checkState = z.enum(['ok', 'error']);

/** §3.1 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  environment: z.enum(['cloud', 'local']),
  time: z.string(),
  checks: z.object({ database: checkState, storage: checkState, queue: checkState, identity: checkState }),
  adapters: z.object({ database: z.string(), storage: z.string(), queue: z.string(), identity: z.string() }),
  modes: z.object({ models: z.enum(['bedrock', 'offline']), payments: z.enum(['stripe', 'self_hosted']) }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
