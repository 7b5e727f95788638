import { clean, type Ev, type Push } from './types';

/** Uncaught errors and unhandled rejections: message, script URL without query, line. */
export function watchErrors(push: Push): void {
  let n = 0;
  const report = (m: unknown, src?: string, ln?: number) => {
    if (n++ >= 10) return;
    const e: Ev = { t: 'er', m: clean(m || 'Error', 300) };
    if (src && /^https?:/.test(src)) e.src = clean(src.split(/[?#]/)[0], 500);
    if (ln) e.ln = ln;
    push(e);
  };
  addEventListener('error', (ev: ErrorEvent) => {
    try {
      if (ev.message) report(ev.message, ev.filename, ev.lineno);
    } catch (_) {
      /* never harm the page */
    }
  });
  addEventListener('unhandledrejection', (ev: PromiseRejectionEvent) => {
    try {
      const r = ev.reason as { message?: string } | undefined;
      report((r && r.message) || r);
    } catch (_) {
      /* never harm the page */
    }
  });
}
