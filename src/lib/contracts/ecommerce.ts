/**
 * Ecommerce events, one contract for every source: the tracker API
 * (`cro('track', 'add_to_cart', {value, currency, items})`), the GA4 ecommerce events a site pushes
 * to its `dataLayer` (the ecommerce chunk, src/ecommerce, sends them through the same API marked
 * `src: 'dataLayer'`), and the order webhooks (pocketbase/integrations). They travel as custom
 * events (`t: 'ev'`) whose name is a GA4 ecommerce event name. The Go twin is
 * pocketbase/ecommerce/contract.go; tests/fixtures/contracts/ecommerce-events.json pins both.
 *
 * A dataLayer event carries its value as `amount`, not `value`: the tracker API's `value` is the
 * analytics revenue (goals, experiments), which a page reporting the same purchase both ways must
 * not count twice.
 */

/** GA4 ecommerce event names the contract reads, and the kind each is stored as. */
export const ECOMMERCE_EVENT_KINDS = {
  view_item: 'view_item',
  add_to_cart: 'add_to_cart',
  remove_from_cart: 'remove_from_cart',
  begin_checkout: 'begin_checkout',
  add_shipping_info: 'checkout_step',
  add_payment_info: 'checkout_step',
  checkout_progress: 'checkout_step',
  purchase: 'purchase',
} as const;
export type EcommerceEventName = keyof typeof ECOMMERCE_EVENT_KINDS;
export type EcommerceKind = (typeof ECOMMERCE_EVENT_KINDS)[EcommerceEventName];

export const ECOMMERCE_LIMITS = { items: 50, text: 100, value: 1e9, quantity: 10000 } as const;

/** The source marker the ecommerce chunk adds to the events it captured from the dataLayer. */
export const DATALAYER_SOURCE = 'dataLayer';

export interface EcommerceItem {
  id: string;
  name: string;
  category: string;
  variant: string;
  price: number;
  quantity: number;
}

export interface EcommerceEvent {
  kind: EcommerceKind;
  source: 'api' | 'datalayer';
  /** The event's value in `currency`: the one reported, else the items' price times quantity. */
  value: number;
  /** ISO 4217 code, upper case; '' when the event named none (the site's reporting currency). */
  currency: string;
  orderId: string;
  coupon: string;
  /** Checkout steps: 'shipping', 'payment', or the step the site numbered. */
  step: string;
  items: EcommerceItem[];
  /** Events of two sources describing the same action share it (counted once per session). */
  fingerprint: string;
}

export type ParsedEcommerce = { ok: true; event: EcommerceEvent } | { ok: false; error: string } | null;

export const CURRENCY = /^[A-Z]{3}$/;

class Invalid extends Error {}
const fail = (m: string): never => {
  throw new Invalid(m);
};

/**
 * Reads a custom event as an ecommerce event: null when its name is not one, else the event or
 * why it is not a valid one (it is then kept as a plain custom event only). `value` is the
 * event's `val` (the tracker API's `value`), `props` its `pr`.
 */
export function parseEcommerceEvent(name: string, value: number | undefined, props: unknown): ParsedEcommerce {
  if (!Object.prototype.hasOwnProperty.call(ECOMMERCE_EVENT_KINDS, name)) return null;
  try {
    return { ok: true, event: read(name as EcommerceEventName, value, props) };
  } catch (e) {
    if (e instanceof Invalid) return { ok: false, error: e.message };
    throw e;
  }
}

function read(name: EcommerceEventName, val: number | undefined, props: unknown): EcommerceEvent {
  const p = (props && typeof props === 'object' && !Array.isArray(props) ? props : {}) as Record<string, unknown>;
  const kind = ECOMMERCE_EVENT_KINDS[name];
  const source = p.src === DATALAYER_SOURCE ? 'datalayer' : 'api';
  const currency = text(p.currency, 'currency').toUpperCase();
  if (currency && !CURRENCY.test(currency)) fail('currency: must be a 3-letter ISO 4217 code');
  const orderId = text(p.transaction_id, 'transaction_id');
  if (kind === 'purchase' && !orderId) fail('transaction_id: a purchase needs its order id');
  const coupon = text(p.coupon, 'coupon');
  let step = '';
  if (name === 'add_shipping_info') step = 'shipping';
  else if (name === 'add_payment_info') step = 'payment';
  else if (kind === 'checkout_step') step = text(p.checkout_step ?? p.step, 'checkout_step');
  if (kind === 'checkout_step' && !step) fail('checkout_step: a checkout step needs its step');
  const raw = p.items ?? [];
  if (!Array.isArray(raw)) fail('items: must be a list');
  const list = raw as unknown[];
  if (list.length > ECOMMERCE_LIMITS.items) fail(`items: more than ${ECOMMERCE_LIMITS.items}`);
  const items = list.map((x, i) => item(x, i));
  const reported = source === 'datalayer' ? p.amount : val;
  let value: number;
  if (reported === undefined || reported === null) value = cents(items.reduce((s, it) => s + it.price * it.quantity, 0));
  else value = money(reported, source === 'datalayer' ? 'amount' : 'value');
  return { kind, source, value, currency, orderId, coupon, step, items, fingerprint: fingerprint(kind, orderId, step, items) };
}

function item(x: unknown, i: number): EcommerceItem {
  if (!x || typeof x !== 'object' || Array.isArray(x)) return fail(`items[${i}]: must be an object`);
  const o = x as Record<string, unknown>;
  const id = text(o.item_id, `items[${i}].item_id`);
  const name = text(o.item_name, `items[${i}].item_name`);
  if (!id && !name) fail(`items[${i}]: needs item_id or item_name`);
  const quantity = o.quantity === undefined || o.quantity === null ? 1 : o.quantity;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > ECOMMERCE_LIMITS.quantity)
    fail(`items[${i}].quantity: must be a whole number from 1 to ${ECOMMERCE_LIMITS.quantity}`);
  return {
    id: id || name,
    name: name || id,
    category: text(o.item_category, `items[${i}].item_category`),
    variant: text(o.item_variant, `items[${i}].item_variant`),
    price: o.price === undefined || o.price === null ? 0 : money(o.price, `items[${i}].price`),
    quantity: quantity as number,
  };
}

/** A string (or a number, as order ids often are) of at most 100 characters, trimmed. */
function text(v: unknown, field: string): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'number' && Number.isFinite(v)) v = String(v);
  if (typeof v !== 'string') fail(`${field}: must be text`);
  const s = (v as string).trim();
  if ([...s].length > ECOMMERCE_LIMITS.text) fail(`${field}: longer than ${ECOMMERCE_LIMITS.text} characters`);
  return s;
}

/** An amount: a number (or a decimal string, as shops send prices) from 0 to 1e9, in cents. */
function money(v: unknown, field: string): number {
  const n = typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > ECOMMERCE_LIMITS.value)
    fail(`${field}: must be an amount from 0 to 1e9`);
  return cents(n as number);
}

export const cents = (v: number) => Math.round(v * 100) / 100;

function fingerprint(kind: EcommerceKind, orderId: string, step: string, items: EcommerceItem[]): string {
  if (kind === 'purchase') return `purchase|${orderId}`;
  const lines = items.map((i) => `${i.id}x${i.quantity}`).sort();
  return `${kind}|${step}|${lines.join(',')}`;
}

/** A site's reporting currency until its owner picks one. */
export const DEFAULT_CURRENCY = 'USD';
const MAX_RATES = 200;

/**
 * What is wrong with a reporting currency and rate table ('' when nothing); rates say how much
 * of the reporting currency one unit of each other currency is. The Go twin is SettingsProblem.
 */
export function settingsProblem(currency: string, rates: Record<string, number>): string {
  if (!CURRENCY.test(currency)) return 'currency: the reporting currency must be a 3-letter ISO 4217 code (USD, EUR, SEK...)';
  const codes = Object.keys(rates).sort();
  if (codes.length > MAX_RATES) return `rates: at most ${MAX_RATES} currencies`;
  for (const code of codes) {
    const rate = rates[code]!;
    if (!CURRENCY.test(code)) return `rates: ${JSON.stringify(code)} is not a 3-letter ISO 4217 code`;
    if (code === currency) return `rates: ${code} is the reporting currency, which needs no rate`;
    if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0 || rate > 1e6)
      return `rates: the rate of ${code} must be a number above 0 (one ${code} in ${currency})`;
  }
  return '';
}
