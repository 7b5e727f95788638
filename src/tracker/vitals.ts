import type { Push } from './types';

type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
type Interaction = PerformanceEntry & { interactionId?: number };

/** LCP, CLS (session windows) and INP (slowest interaction), reported once when the page hides. */
export function watchVitals(push: Push): () => void {
  let lcp = 0;
  let cls = 0;
  let win = 0;
  let winStart = 0;
  let winLast = 0;
  let inp = 0;
  let sent = false;
  const observe = (type: string, cb: (e: PerformanceEntry) => void, extra?: object) => {
    try {
      new PerformanceObserver((l) => l.getEntries().forEach(cb)).observe(Object.assign({ type, buffered: true }, extra));
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
  observe('event', (e) => {
    if ((e as Interaction).interactionId && e.duration > inp) inp = e.duration;
  }, { durationThreshold: 40 });
  return () => {
    if (sent) return;
    sent = true;
    if (lcp) push({ t: 'wv', n: 'LCP', val: Math.round(lcp) });
    push({ t: 'wv', n: 'CLS', val: Math.round(cls * 1000) / 1000 });
    if (inp) push({ t: 'wv', n: 'INP', val: Math.round(inp) });
  };
}
