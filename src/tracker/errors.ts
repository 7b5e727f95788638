import { clean, type Ev, type Push } from './types';

let n = 0;

/** Uncaught errors and unhandled rejections: message, script URL without query, line (at most 10). */
function report(push: Push, m: unknown, src?: string, ln?: number): void {
  if (n++ >= 10) return;
  const e: Ev = { t: 'er', m: clean(m || 'Error', 300) };
  if (src && /^https?:/.test(src)) e.src = clean(src.split(/[?#]/)[0], 500);
  if (ln) e.ln = ln;
  push(e);
}

/** The 'error' and 'unhandledrejection' listener (top level: compiled at the first error only). */
export function error(ev: ErrorEvent | PromiseRejectionEvent, push: Push): void {
  try {
    if ('reason' in ev) {
      const r = ev.reason as { message?: string } | undefined;
      report(push, (r && r.message) || r);
    } else if (ev.message) report(push, ev.message, ev.filename, ev.lineno);
  } catch (_) {
    /* never harm the page */
  }
}
