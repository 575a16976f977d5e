let nameCounter = 0;
let ipCounter = 0;

/** A name no other test in this process has used: a prefix, the time, and a counter. */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${(nameCounter++).toString(36)}`;
}

/**
 * A fresh client address for X-Forwarded-For (platforms started with `trustProxy`), so the per-IP
 * limits of public auth endpoints (§1.8) never meet a test that is not about them.
 */
export function nextClientIp(): string {
  return `10.${77 + Math.floor(ipCounter / 62_500) % 100}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;
}
