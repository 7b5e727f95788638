// The tracker's send queue (src/tracker/queue.ts): batches go by fetch while the page lives and by
// beacon when it is hidden or left. A timer's fetch that fails as the page is being left (a
// navigation began just after it started) has no later timer to retry it: its batch goes by beacon
// at once, so that the page view it carries is not lost (in Chromium: tests/e2e/change-targets.spec.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ev } from '../../src/tracker/types';

type Sent = { by: 'fetch' | 'beacon'; types: string[] };
type Body = { b: string; v: string; s: string; e: Ev[] };

async function queue() {
  vi.resetModules();
  const sent: Sent[] = [];
  const bodies: Body[] = [];
  const pending: ((e: Error) => void)[] = [];
  const types = (body: string) => {
    bodies.push(JSON.parse(body) as Body);
    return bodies.at(-1)!.e.map((e) => e.t);
  };
  vi.stubGlobal('CRO_CFG', { k: 'key' });
  vi.stubGlobal('location', new URL('https://shop.example/offer'));
  vi.stubGlobal('navigator', { sendBeacon: (_: string, body: string) => (sent.push({ by: 'beacon', types: types(body) }), true) });
  vi.stubGlobal('fetch', (_: string, init: { body: string }) => {
    sent.push({ by: 'fetch', types: types(init.body) });
    return new Promise((_ok, fail) => pending.push(fail));
  });
  const { createQueue } = await import('../../src/tracker/queue');
  const q = createQueue(
    'https://cro.example/api/cro/collect',
    () => ({ v: 'visitor01', s: 'session01' }),
    () => false,
  );
  /** The network fails every fetch still waiting for its answer. */
  const failFetches = async () => {
    pending.splice(0).forEach((fail) => fail(new TypeError('Failed to fetch')));
    await Promise.resolve();
    await Promise.resolve();
  };
  return { q, sent, bodies, failFetches };
}

describe('the tracker queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends by beacon at once a timer batch whose fetch fails after the page was left', async () => {
    const { q, sent, failFetches } = await queue();
    q.push({ t: 'pv' });
    q.push({ t: 'ae', id: 'rule00000000001', m: 'Refused: <script> may not be changed' });
    vi.advanceTimersByTime(1000); // the timer's batch leaves by fetch
    q.push({ t: 'lv', d: 900 }); // the page is left
    q.flush(true);
    await failFetches(); // the navigation took the fetch down
    expect(sent).toEqual([
      { by: 'fetch', types: ['pv', 'ae'] },
      { by: 'beacon', types: ['lv'] },
      { by: 'beacon', types: ['pv', 'ae'] },
    ]);
  });

  it('retries a failed fetch later, by fetch, while the page lives', async () => {
    const { q, sent, failFetches } = await queue();
    q.push({ t: 'pv' });
    vi.advanceTimersByTime(1000);
    await failFetches();
    expect(sent).toEqual([{ by: 'fetch', types: ['pv'] }]);
    vi.advanceTimersByTime(2000); // the first backoff
    expect(sent).toEqual([
      { by: 'fetch', types: ['pv'] },
      { by: 'fetch', types: ['pv'] },
    ]);
  });

  it('a page shown again after a hide goes back to fetch and timers', async () => {
    const { q, sent, failFetches } = await queue();
    q.push({ t: 'pv' });
    q.flush(true); // the tab is hidden
    q.push({ t: 'ck', x: 10, y: 10 }); // shown again, the visitor clicks
    vi.advanceTimersByTime(1000);
    await failFetches();
    expect(sent).toEqual([
      { by: 'beacon', types: ['pv'] },
      { by: 'fetch', types: ['ck'] },
    ]);
  });

  it('re-sends a failed batch as it was, with its id, and gives each new batch its own id', async () => {
    const { q, bodies, failFetches } = await queue();
    q.push({ t: 'pv' });
    vi.advanceTimersByTime(1000);
    await failFetches(); // it may have arrived: the server keeps one batch per id
    q.push({ t: 'ck', x: 1, y: 1 });
    q.flush(true);
    expect(bodies.map((b) => b.e.map((e) => e.t))).toEqual([['pv'], ['pv'], ['ck']]);
    const [first, again, other] = bodies;
    expect(first!.b).toMatch(/^[a-z0-9]{8,64}$/);
    expect(again).toEqual(first);
    expect(other!.b).not.toBe(first!.b);
    expect(other).toMatchObject({ v: 'visitor01', s: 'session01' });
  });
});
