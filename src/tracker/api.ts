import { consent } from './ids';
import { setAttributes } from './audience';
import { AUD, clean, type Ev, type Push } from './types';

/** The public API: cro('track', name, {value, ...props}), cro('identify', id), cro('consent', bool). */
export function publicApi(push: Push): (a: unknown[]) => void {
  return (a) => {
    const [cmd, x, y] = a;
    if (cmd === 'track' && typeof x === 'string' && x) {
      const e: Ev = { t: 'ev', n: clean(x, 100) };
      const pr: Record<string, unknown> = {};
      let n = 0;
      if (y && typeof y === 'object') {
        for (const k in y) {
          const v = (y as Record<string, unknown>)[k];
          if (k === 'value') {
            if (typeof v === 'number' && Math.abs(v) <= 1e9) e.val = v;
          } else if (n < 20) {
            // Any JSON value (an ecommerce event's line items are a list of objects), its text
            // cleaned; what JSON cannot hold (a function, undefined) is left out.
            try {
              pr[clean(k, 40)] = JSON.parse(JSON.stringify(v, (_, s) => (typeof s === 'string' ? clean(s, 100) : s)));
              if (JSON.stringify(pr).length > 900) delete pr[clean(k, 40)];
              else n++;
            } catch (_) {
              /* not JSON */
            }
          }
        }
      }
      if (n) e.pr = pr;
      push(e);
    } else if (cmd === 'identify' && x != null && x !== '') {
      push({ t: 'id', id: clean(x, 200) });
    } else if (cmd === 'consent') {
      consent(x !== false);
    } else if (AUD && cmd === 'set') {
      setAttributes(x);
    }
  };
}
