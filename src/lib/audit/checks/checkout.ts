import { attr } from '../page';
import { linksMatching } from '../signals';
import type { Check } from '../types';

const PAYMENT =
  /\b(visa|mastercard|amex|american express|paypal|apple ?pay|google ?pay|shop ?pay|klarna|afterpay|stripe|maestro|discover)\b/i;

export const checkoutChecks: Check[] = [
  {
    id: 'checkout-no-cart',
    category: 'Checkout',
    title: 'Make the cart and checkout reachable from every page',
    description: 'The page has no visible link to a cart, basket or checkout, so shoppers cannot see what they selected or finish buying.',
    impact: 'High',
    difficulty: 'Medium',
    lift: [10, 20],
    confidence: 85,
    timeToImplement: '2-4 hours',
    siteTypes: ['ecommerce'],
    run: ({ signals, page }) => {
      const cart =
        linksMatching(signals, /\b(cart|basket|bag|checkout)\b/i).length > 0 ||
        page.elements.some((el) => el.tag === 'button' && /\b(add to (cart|bag|basket)|checkout)\b/i.test(el.text));
      return cart ? null : { evidence: { missing: 'link to /cart or /checkout', count: 0 } };
    },
  },
  {
    id: 'checkout-no-payment-options',
    category: 'Checkout',
    title: 'Show accepted payment methods',
    description: 'Shoppers look for familiar payment options (cards, PayPal, Apple Pay) before they commit; none are shown on this page.',
    impact: 'Medium',
    difficulty: 'Easy',
    lift: [4, 9],
    confidence: 78,
    timeToImplement: '1 hour',
    siteTypes: ['ecommerce'],
    run: ({ page }) => {
      const shown =
        PAYMENT.test(page.text) || page.elements.some((el) => el.tag === 'img' && PAYMENT.test(attr(el, 'alt') + ' ' + attr(el, 'src')));
      return shown ? null : { evidence: { missing: 'payment method logos or names' } };
    },
  },
  {
    id: 'checkout-no-shipping-returns',
    category: 'Checkout',
    title: 'State shipping costs and the returns policy up front',
    description:
      'Unexpected shipping costs and unclear returns are the most common reasons for abandoned carts; the page mentions neither.',
    impact: 'High',
    difficulty: 'Easy',
    lift: [6, 14],
    confidence: 82,
    timeToImplement: '1-2 hours',
    siteTypes: ['ecommerce'],
    run: ({ page }) => {
      const shipping = /\b(shipping|delivery|dispatch)\b/i.test(page.text);
      const returns = /\b(returns?|refunds?|exchange)\b/i.test(page.text);
      if (shipping && returns) return null;
      return {
        evidence: { missing: [shipping ? '' : 'shipping information', returns ? '' : 'returns policy'].filter(Boolean).join(' and ') },
      };
    },
  },
  {
    id: 'checkout-no-guest',
    category: 'Checkout',
    title: 'Offer guest checkout',
    description:
      'Nothing tells shoppers they can buy without creating an account; forced registration drives a large share of checkout abandonment.',
    impact: 'Medium',
    difficulty: 'Medium',
    lift: [5, 12],
    confidence: 62,
    timeToImplement: '1-2 days',
    siteTypes: ['ecommerce'],
    run: ({ page }) =>
      /\bguest\b|without (an )?account|no account (needed|required)/i.test(page.text)
        ? null
        : { evidence: { missing: 'guest checkout option' } },
  },
];
