import { describe, expect, it } from 'vitest';
import { newId } from './table-keys';

describe('ids', () => {
  it('are the kind, an underscore and a lowercase ULID', () => {
    expect(newId('msg')).toMatch(/^msg_[0-9a-hjkmnp-tv-z]{26}$/);
    expect(newId('kb')).toMatch(/^kb_[0-9a-hjkmnp-tv-z]{26}$/);
  });

  it('stay distinct past the random pool’s refill, and sort by time', async () => {
    // 4096 pooled bytes make 256 ids of 16 random characters: 1000 ids refill the pool three times.
    const ids = Array.from({ length: 1000 }, () => newId('ses'));
    expect(new Set(ids).size).toBe(ids.length);
    // The random part uses every character of Crockford's alphabet, not a few.
    expect(new Set(ids.flatMap((id) => [...id.slice(-16)])).size).toBe(32);
    const earlier = newId('ses');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(newId('ses') > earlier).toBe(true);
  });
});
