import type { Push } from './types';

type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
type Interaction = PerformanceEntry & { interactionId?: number };

/**
 * LCP, CLS (session windows) and INP (slowest interaction), reported when the page hides: each
 * metric whose value changed since it was last reported, so that a page shown again and later
 * left reports its final CLS and INP (the last vital of a kind per page view is final). Started at
 * idle time (see index.ts): the observers read buffered entries.
 */
export function watchVitals(push: Push): () => void {
  let lcp = 0;
  let cls = 0;
  let win = 0;
  let winStart = 0;
  let winLast = 0;
  let inp = 0;
  const sent: Record<string, number> = {};
  const send = (n: string, val: number) => {
    if (sent[n] !== val) push({ t: 'wv', n, val });
    sent[n] = val;
  };
  const drain: (() => void)[] = [];
  const observe = (type: string, cb: (e: PerformanceEntry) => void, extra?: object) => {
    try {
      const o = new PerformanceObserver((l) => l.getEntries().forEach(cb));
      o.observe(Object.assign({ type, buffered: true }, extra));
      drain.push(() => o.takeRecords().forEach(cb));
    } catch (_) {
      /* unsupported entry type */
    }
  };
  observe('largest-contentful-paint', (e) => (lcp = e.startTime));
  observe('layout-shift', (e) => {
    const s = e as Shift;
    if (s.hadRecentInput) return;
    if (s.startTime - winLast > 1000 || s.startTime - winStart > 5000) {
      win = 0;
      winStart = s.startTime;
    }
    win += s.value;
    winLast = s.startTime;
    if (win > cls) cls = win;
  });
  observe(
    'event',
    (e) => {
      if ((e as Interaction).interactionId && e.duration > inp) inp = e.duration;
    },
    { durationThreshold: 40 },
  );
  return () => {
    // Entries not yet delivered (observers started late, or the page hides at once).
    for (const d of drain) d();
    if (lcp) send('LCP', Math.round(lcp));
    send('CLS', +cls.toFixed(3));
    if (inp) send('INP', Math.round(inp));
  };
}
