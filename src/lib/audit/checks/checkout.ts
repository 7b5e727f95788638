import { attr } from '../page';
import { linksMatching } from '../signals';
import { defineChecks } from './define';

const PAYMENT =
  /\b(visa|mastercard|amex|american express|paypal|apple ?pay|google ?pay|shop ?pay|klarna|afterpay|stripe|maestro|discover)\b/i;

export const checkoutChecks = defineChecks({
  'checkout-no-cart': ({ signals, page }) => {
    const cart =
      linksMatching(signals, /\b(cart|basket|bag|checkout)\b/i).length > 0 ||
      page.elements.some((el) => el.tag === 'button' && /\b(add to (cart|bag|basket)|checkout)\b/i.test(el.text));
    return cart ? null : { evidence: { missing: 'link to /cart or /checkout', count: 0 } };
  },

  'checkout-no-payment-options': ({ page }) => {
    const shown =
      PAYMENT.test(page.text) || page.elements.some((el) => el.tag === 'img' && PAYMENT.test(attr(el, 'alt') + ' ' + attr(el, 'src')));
    return shown ? null : { evidence: { missing: 'payment method logos or names' } };
  },

  'checkout-no-shipping-returns': ({ page }) => {
    const shipping = /\b(shipping|delivery|dispatch)\b/i.test(page.text);
    const returns = /\b(returns?|refunds?|exchange)\b/i.test(page.text);
    if (shipping && returns) return null;
    return {
      evidence: { missing: [shipping ? '' : 'shipping information', returns ? '' : 'returns policy'].filter(Boolean).join(' and ') },
    };
  },

  'checkout-no-guest': ({ page }) =>
    /\bguest\b|without (an )?account|no account (needed|required)/i.test(page.text)
      ? null
      : { evidence: { missing: 'guest checkout option' } },
});
