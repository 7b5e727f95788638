// The tracker's Google Tag Manager push outside the browser: the shape GTM users read, the page's
// own dataLayer kept (or made), and a dataLayer that throws never reaching the page. The tracker
// pushing only for sites that connected GTM, in a real page, is tests/e2e/tag-manager.spec.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toDataLayer } from '../../src/tracker/datalayer';

type Win = { dataLayer?: unknown };
const page = (w: Win) => vi.stubGlobal('window', w);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('toDataLayer', () => {
  it("makes the dataLayer when GTM has not loaded yet, with an experiment's ids", () => {
    const w: Win = {};
    page(w);
    toDataLayer({ i: 'exp1headline000', q: 'h1', c: [], n: 'control' });
    expect(w.dataLayer).toEqual([{ event: 'cro_exposure', cro_experiment_id: 'exp1headline000', cro_variant_id: 'control' }]);
  });

  it("adds to the page's own dataLayer, a rule under its own event", () => {
    const mine = [{ event: 'gtm.js' }];
    const w: Win = { dataLayer: mine };
    page(w);
    toDataLayer({ i: 'rule1checkout00', q: '#pay', c: [{ type: 'set_text', value: 'Pay now' }] });
    expect(w.dataLayer).toBe(mine);
    expect(mine).toEqual([{ event: 'gtm.js' }, { event: 'cro_rule_exposure', cro_rule_id: 'rule1checkout00' }]);
  });

  it('never throws into the page, whatever its dataLayer does', () => {
    page({
      dataLayer: {
        push: () => {
          throw new Error('a broken tag');
        },
      },
    });
    expect(() => toDataLayer({ i: 'exp1headline000', c: [], n: 'b' })).not.toThrow();
    page({ dataLayer: 42 });
    expect(() => toDataLayer({ i: 'exp1headline000', c: [], n: 'b' })).not.toThrow();
  });
});
