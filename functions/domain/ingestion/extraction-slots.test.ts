import { describe, expect, it } from 'vitest';
import { FairSlots } from './extraction-slots';

/** A job that records when it starts and finishes only when the test says so. */
function gatedJob(slots: FairSlots, organizationId: string, name: string, started: string[]) {
  let finish!: () => void;
  const gate = new Promise<void>((resolve) => (finish = resolve));
  const done = slots.run(organizationId, async () => {
    started.push(name);
    await gate;
  });
  return { finish, done };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('extraction slots', () => {
  it('with one organisation\'s four slow files queued first, another organisation\'s file starts before its second', async () => {
    const slots = new FairSlots(1);
    const started: string[] = [];
    const a = ['a1', 'a2', 'a3', 'a4'].map((name) => gatedJob(slots, 'org-a', name, started));
    const b = gatedJob(slots, 'org-b', 'b1', started);
    await settle();
    expect(started).toEqual(['a1']);
    a[0]!.finish();
    await settle();
    expect(started).toEqual(['a1', 'b1']);
    b.finish();
    for (const job of a.slice(1)) {
      await settle();
      job.finish();
    }
    await Promise.all([...a.map((job) => job.done), b.done]);
    expect(started).toEqual(['a1', 'b1', 'a2', 'a3', 'a4']);
  });

  it('with two slots, the waiting organisation takes the first slot that frees', async () => {
    const slots = new FairSlots(2);
    const started: string[] = [];
    const a = ['a1', 'a2', 'a3', 'a4'].map((name) => gatedJob(slots, 'org-a', name, started));
    const b = gatedJob(slots, 'org-b', 'b1', started);
    const c = gatedJob(slots, 'org-c', 'c1', started);
    await settle();
    expect(started).toEqual(['a1', 'a2']);
    expect(slots.pending).toBe(4);
    a[1]!.finish();
    await settle();
    a[0]!.finish();
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1', 'c1']);
    b.finish();
    c.finish();
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'a4']);
    a[2]!.finish();
    a[3]!.finish();
    await Promise.all([...a.map((job) => job.done), b.done, c.done]);
    expect(slots.pending).toBe(0);
  });

  it('a slot whose work throws is handed on', async () => {
    const slots = new FairSlots(1);
    const failing = slots.run('org-a', async () => {
      throw new Error('boom');
    });
    const next = slots.run('org-b', async () => 'ran');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ran');
  });
});
