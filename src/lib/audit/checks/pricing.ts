import { linksMatching } from '../signals';
import type { Check } from '../types';

export const pricingChecks: Check[] = [
  {
    id: 'pricing-no-price',
    category: 'Pricing',
    title: 'Show prices clearly',
    description: 'No prices are visible. Shoppers who cannot see a price quickly go to a competitor who shows one.',
    impact: 'High',
    difficulty: 'Easy',
    lift: [6, 14],
    confidence: 80,
    timeToImplement: '1-2 hours',
    siteTypes: ['ecommerce'],
    run: ({ signals }) => (signals.prices > 0 ? null : { evidence: { missing: 'price', count: 0 } }),
  },
  {
    id: 'pricing-no-anchor',
    category: 'Pricing',
    title: 'Anchor prices with savings or compare-at prices',
    description: "Prices stand alone; a struck-through compare-at price or 'save 20%' makes the value tangible.",
    impact: 'Low',
    difficulty: 'Easy',
    lift: [2, 5],
    confidence: 65,
    timeToImplement: '1 hour',
    siteTypes: ['ecommerce'],
    run: ({ signals, page }) => {
      if (signals.prices === 0) return null;
      const anchored =
        page.elements.some((el) => el.tag === 'del' || el.tag === 's') || /\bsave\b|\d+\s?% off|\bwas\b|compare at/i.test(page.text);
      return anchored ? null : { evidence: { element: 'prices', count: signals.prices, missing: 'compare-at price or saving' } };
    },
  },
  {
    id: 'pricing-hidden',
    category: 'Pricing',
    title: 'Make pricing easy to find',
    description: 'Neither prices nor a link to pricing are visible. Buyers who cannot gauge cost early often drop out of the funnel.',
    impact: 'Medium',
    difficulty: 'Easy',
    lift: [5, 10],
    confidence: 72,
    timeToImplement: '1-2 hours',
    siteTypes: ['b2b'],
    run: ({ signals, page }) =>
      signals.prices > 0 || linksMatching(signals, /pricing|plans|price/i).length || /\bpricing\b/i.test(page.text)
        ? null
        : { evidence: { missing: 'pricing link or prices' } },
  },
  {
    id: 'pricing-no-free-entry',
    category: 'Pricing',
    title: 'Offer a free trial, free plan or demo',
    description: "Nothing lets a prospect try before committing: no free trial, free plan, demo or 'no credit card required'.",
    impact: 'Medium',
    difficulty: 'Medium',
    lift: [5, 12],
    confidence: 70,
    timeToImplement: '1-2 days',
    siteTypes: ['b2b'],
    run: ({ page }) =>
      /free trial|free plan|try (it )?(for )?free|no credit card|\bdemo\b|free consultation|free quote/i.test(page.text)
        ? null
        : { evidence: { missing: 'free trial, free plan or demo offer' } },
  },
  {
    id: 'pricing-local-no-offer',
    category: 'Pricing',
    title: 'Publish prices or a first-visit offer',
    description: 'Local customers compare quickly; no prices, menu, rates or introductory offer were found on the page.',
    impact: 'Medium',
    difficulty: 'Easy',
    lift: [4, 9],
    confidence: 68,
    timeToImplement: '1-2 hours',
    siteTypes: ['local'],
    run: ({ signals, page }) =>
      signals.prices > 0 || /menu|price list|rates|offer|discount|free consultation/i.test(page.text)
        ? null
        : { evidence: { missing: 'prices, menu or offer' } },
  },
];
