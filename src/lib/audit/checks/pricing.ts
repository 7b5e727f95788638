import { linksMatching } from '../signals';
import { defineChecks } from './define';

export const pricingChecks = defineChecks({
  'pricing-no-price': ({ signals }) => (signals.prices > 0 ? null : { evidence: { missing: 'price', count: 0 } }),

  'pricing-no-anchor': ({ signals, page }) => {
    if (signals.prices === 0) return null;
    const anchored =
      page.elements.some((el) => el.tag === 'del' || el.tag === 's') || /\bsave\b|\d+\s?% off|\bwas\b|compare at/i.test(page.text);
    return anchored ? null : { evidence: { element: 'prices', count: signals.prices, missing: 'compare-at price or saving' } };
  },

  'pricing-hidden': ({ signals, page }) =>
    signals.prices > 0 || linksMatching(signals, /pricing|plans|price/i).length || /\bpricing\b/i.test(page.text)
      ? null
      : { evidence: { missing: 'pricing link or prices' } },

  'pricing-no-free-entry': ({ page }) =>
    /free trial|free plan|try (it )?(for )?free|no credit card|\bdemo\b|free consultation|free quote/i.test(page.text)
      ? null
      : { evidence: { missing: 'free trial, free plan or demo offer' } },

  'pricing-local-no-offer': ({ signals, page }) =>
    signals.prices > 0 || /menu|price list|rates|offer|discount|free consultation/i.test(page.text)
      ? null
      : { evidence: { missing: 'prices, menu or offer' } },
});
