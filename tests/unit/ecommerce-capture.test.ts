// Ecommerce capture outside the browser: the tracker API keeps line items (any JSON value) with
// their text cleaned; the dataLayer chunk reads GA4 events already pushed and each later push (GTM's
// and gtag's forms), reports them through cro('track') marked as the dataLayer's with the value as
// `amount`, and keeps the page's own push working; the screen's helpers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicApi } from '../../src/tracker/api';
import type { Ev } from '../../src/tracker/types';
import { funnelDropOff, parseRatesText, ratesText, relativeChange } from '../../src/lib/ecommerce';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("the tracker API's properties", () => {
  it('keeps line items and nested values, cleans their text, drops what JSON cannot hold', () => {
    const sent: Ev[] = [];
    const item = { item_id: 'SKU-1', item_name: 'Trail\u0000Runner', price: 89, quantity: 2 };
    publicApi((e) => sent.push(e))(['track', 'add_to_cart', { value: 178, currency: 'USD', items: [item], fn: () => 1, nope: undefined }]);
    expect(sent).toEqual([
      {
        t: 'ev',
        n: 'add_to_cart',
        val: 178,
        pr: { currency: 'USD', items: [{ item_id: 'SKU-1', item_name: 'Trail Runner', price: 89, quantity: 2 }] },
      },
    ]);
  });

  it('leaves out a property that would make the event too large, keeping the others', () => {
    const sent: Ev[] = [];
    const items = Array.from({ length: 20 }, (_, i) => ({ item_id: `SKU-${i}`, item_name: 'A rather long product name', price: 10 }));
    publicApi((e) => sent.push(e))(['track', 'purchase', { transaction_id: 'T1', items }]);
    expect(sent[0]!.pr).toEqual({ transaction_id: 'T1' });
  });
});

describe('the dataLayer chunk', () => {
  async function load(dataLayer: unknown[]) {
    const calls: unknown[][] = [];
    const w = { dataLayer, cro: (...a: unknown[]) => calls.push(a) };
    vi.stubGlobal('window', w);
    await import('../../src/ecommerce/index');
    return { w, calls };
  }

  it('reads what was pushed before it loaded and each later push, in GTM and gtag form', async () => {
    const item = { item_id: 'SKU-1', item_name: 'Trail Runner', index: 0, item_brand: 'X', price: 89, quantity: 1 };
    const gtag = function (..._: unknown[]) {
      // eslint-disable-next-line prefer-rest-params
      return arguments;
    };
    const { w, calls } = await load([
      { event: 'gtm.js' },
      { ecommerce: null },
      { event: 'view_item', ecommerce: { currency: 'USD', value: 89, items: [item] } },
    ]);
    expect(w.dataLayer.push({ event: 'add_to_cart', ecommerce: { currency: 'USD', value: 89, items: [item] } })).toBe(4);
    w.dataLayer.push(gtag('event', 'purchase', { transaction_id: 'T-9', value: 89, currency: 'USD', coupon: 'SPRING', items: [item] }));
    w.dataLayer.push({ event: 'cro_exposure', cro_experiment_id: 'x' });
    const lean = { item_id: 'SKU-1', item_name: 'Trail Runner', price: 89, quantity: 1 };
    expect(calls).toEqual([
      ['track', 'view_item', { src: 'dataLayer', currency: 'USD', amount: 89, items: [lean] }],
      ['track', 'add_to_cart', { src: 'dataLayer', currency: 'USD', amount: 89, items: [lean] }],
      ['track', 'purchase', { src: 'dataLayer', currency: 'USD', transaction_id: 'T-9', coupon: 'SPRING', amount: 89, items: [lean] }],
    ]);
    expect(w.dataLayer).toHaveLength(6);
  });

  it('never throws into the page', async () => {
    const { w } = await load([]);
    w.cro = () => {
      throw new Error('broken');
    };
    expect(() => w.dataLayer.push({ event: 'view_item', ecommerce: { items: [] } })).not.toThrow();
  });
});

describe("the screen's helpers", () => {
  it('derives change and drop-off', () => {
    expect(relativeChange(150, 100)).toBe(0.5);
    expect(relativeChange(5, 0)).toBeNull();
    expect(
      funnelDropOff([
        { step: 'view_item', sessions: 10 },
        { step: 'add_to_cart', sessions: 4 },
        { step: 'purchase', sessions: 0 },
      ]),
    ).toEqual([
      { step: 'view_item', sessions: 10, fromPrevious: 1, dropOff: 0 },
      { step: 'add_to_cart', sessions: 4, fromPrevious: 0.4, dropOff: 0.6 },
      { step: 'purchase', sessions: 0, fromPrevious: 0, dropOff: 1 },
    ]);
  });

  it('reads and writes the rate table as text, naming a bad line', () => {
    expect(parseRatesText('eur = 1.08\n\nGBP=1.27')).toEqual({ ok: true, rates: { EUR: 1.08, GBP: 1.27 } });
    expect(parseRatesText('EUR 1.08')).toEqual({ ok: false, error: 'Line 1: write one rate a line as CODE = rate, e.g. EUR = 1.08' });
    expect(ratesText({ GBP: 1.27, EUR: 1.08 })).toBe('EUR = 1.08\nGBP = 1.27');
  });
});
