import { byTag, type Page } from '../page';
import { linksMatching } from '../signals';
import { FREE_ENTRY_WORDS, TEMPLATE_DEFAULT } from '../words';
import { defineChecks } from './define';

/** A saving stated against a reference price: 'save 20%', '30% off', 'compare at', '2 months free'. */
const SAVING = /\bsave\s+(up to\s+)?(\d+\s?%|[$€£]\s?\d+)|\b\d+\s?% off\b|\bcompare at\b|\b(\d+|two) months? free\b/i;

/** The page's headline offer is free: 'free' in its title or h1. */
function offersFree(page: Page): boolean {
  // "Free Bootstrap Themes" in a template's own title or headline is the template, not an offer.
  return byTag(page, 'title', 'h1').some((e) => /\bfree\b/i.test(e.text) && !TEMPLATE_DEFAULT.test(e.text));
}

export const pricingChecks = defineChecks({
  'pricing-no-price': ({ signals }) => (signals.prices > 0 ? null : { evidence: { missing: 'price', count: 0 } }),

  'pricing-no-anchor': ({ signals, page, pageType }) => {
    const current = signals.structure.prices.filter((p) => !p.struck);
    if (current.length === 0) return null;
    const struck = signals.structure.prices.some((p) => p.struck);
    // Three or more tiers anchor each other: the premium plan makes the middle one look reasonable.
    const tiers = new Set(current.map((p) => p.amount)).size;
    const anchored = struck || SAVING.test(page.text) || (pageType === 'pricing' && tiers >= 3);
    const first = current[0]!;
    return anchored
      ? null
      : {
          evidence: {
            element: 'prices',
            selector: first.selector,
            sample: current
              .map((p) => p.text)
              .slice(0, 4)
              .join(', '),
            missing: 'compare-at price or saving',
          },
        };
  },

  // A page whose offer is free (a checklist, a free tool) has no price to hide.
  'pricing-hidden': ({ signals, page }) =>
    // A placeholder pricing link (href="#") is there but broken: cta-dead-links reports it.
    signals.prices > 0 || linksMatching(signals, /pricing|plans|price/i).length || /\bpricing\b/i.test(page.text) || offersFree(page)
      ? null
      : { evidence: { missing: 'pricing link or prices' } },

  'pricing-no-free-entry': ({ page, signals }) => {
    const zeroPlan = signals.structure.prices.some((p) => !p.struck && p.amount === 0);
    const freePlan = page.elements.some(
      (e) => /^h[2-4]$|^(span|div|p|strong)$/.test(e.tag) && /^free( plan| tier| forever)?$/i.test(e.text),
    );
    return zeroPlan ||
      freePlan ||
      offersFree(page) ||
      FREE_ENTRY_WORDS.test(page.text) ||
      signals.ctas.some((c) => FREE_ENTRY_WORDS.test(c.text))
      ? null
      : { evidence: { missing: 'free trial, free plan or demo offer' } };
  },

  'pricing-local-no-offer': ({ signals, page }) =>
    signals.prices > 0 || /\b(menu|price list|rates|offers?|discount|free consultation|free estimate|free quote)\b/i.test(page.text)
      ? null
      : { evidence: { missing: 'prices, menu or offer' } },
});
