/** The request limits of contract §1.8 that this module enforces, one fixed window each. */
export interface RateLimit {
  /** Part of the counter's key: limits never share a counter. */
  scope: string;
  limit: number;
  windowSeconds: number;
}

export const RATE_LIMITS = {
  /** Each public auth endpoint (§4, §7.7): 20 requests/min per IP, counted per endpoint. */
  publicAuth: (routeId: string): RateLimit => ({ scope: `public:${routeId}`, limit: 20, windowSeconds: 60 }),
  /** Bearer calls, all endpoints together: 600 requests/min per user. */
  bearer: { scope: 'bearer', limit: 600, windowSeconds: 60 } satisfies RateLimit,
} as const;
