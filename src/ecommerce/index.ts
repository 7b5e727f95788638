/**
 * The ecommerce chunk: the full tracker imports it at idle time on sites that capture ecommerce
 * events (config `o`). It reads the GA4 ecommerce events the page pushes to its `dataLayer` (the
 * ones already there, and each later push), in both forms: Google Tag Manager's
 * `{event: 'add_to_cart', ecommerce: {...}}` and gtag's `gtag('event', 'add_to_cart', {...})`,
 * and reports each through the tracker's own API marked `src: 'dataLayer'`, its value as `amount`
 * (src/lib/contracts/ecommerce.ts). The server counts an action the page also reported with
 * `cro('track', ...)` once. Never throws into the page.
 */
import { DATALAYER_SOURCE, ECOMMERCE_EVENT_KINDS } from '../lib/contracts/ecommerce';

type Obj = Record<string, unknown>;
const w = window as unknown as { dataLayer?: unknown[]; cro?: (...a: unknown[]) => void };
const FIELDS = ['currency', 'transaction_id', 'coupon', 'checkout_step', 'step'];
const ITEM_FIELDS = ['item_id', 'item_name', 'item_category', 'item_variant', 'price', 'quantity'];

const isObj = (x: unknown): x is Obj => !!x && typeof x === 'object';

function pick(from: Obj, keys: string[], into: Obj): Obj {
  for (const k of keys) if (from[k] != null) into[k] = from[k];
  return into;
}

/** One dataLayer entry: reported when it is a GA4 ecommerce event. */
function read(x: unknown): void {
  try {
    if (!isObj(x)) return;
    const a = x as unknown as ArrayLike<unknown>;
    const gtag = a[0] === 'event';
    const name = gtag ? a[1] : x.event;
    const e = gtag ? a[2] : x.ecommerce;
    if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(ECOMMERCE_EVENT_KINDS, name) || !isObj(e)) return;
    const pr = pick(e, FIELDS, { src: DATALAYER_SOURCE });
    if (e.value != null) pr.amount = e.value;
    // Only the fields the contract reads, so that more lines fit the event's properties.
    if (Array.isArray(e.items)) pr.items = e.items.slice(0, 50).map((it: unknown) => (isObj(it) ? pick(it, ITEM_FIELDS, {}) : it));
    if (w.cro) w.cro('track', name, pr);
  } catch (_) {
    /* never harm the page */
  }
}

try {
  const dl = (w.dataLayer = w.dataLayer || []);
  dl.slice().forEach(read);
  const push = dl.push;
  // Chained, not replaced: Google Tag Manager wraps whatever push it finds, and so do we.
  dl.push = function (this: unknown[], ...a: unknown[]) {
    const n = push.apply(this, a);
    a.forEach(read);
    return n;
  };
} catch (_) {
  /* a page's own dataLayer that throws */
}
