import { attr } from '../page';
import { realLinksMatching } from '../signals';
import { wordsPattern } from '../words';
import { defineChecks } from './define';

const PAYMENT = wordsPattern([
  'visa',
  'mastercard',
  'amex',
  'american express',
  'paypal',
  'apple pay',
  'applepay',
  'google pay',
  'shop pay',
  'klarna',
  'afterpay',
  'stripe',
  'maestro',
  'discover',
]);
const CART = wordsPattern(['cart', 'basket', 'bag', 'checkout', 'add to cart', 'add to bag', 'add to basket']);
/** The cart's page, relative or not, however the template spells it ('cart.html', 'shoping-cart.html', '/checkout'). */
const CART_HREF = /(^|\/)([\w-]*[-_])?(cart|basket|checkout)\b|(^|\/)(bag|shopping-bag)\b/i;
/** Shops draw the cart as a bag as often as a trolley (fa-shopping-bag, bi-bag, icon-bag). */
const BAG_ICON = /(?:^|[-_\s])(bag|shopping-bag|bag-shopping|handbag)(?:[-_\s]|$)/i;

export const checkoutChecks = defineChecks({
  'checkout-no-cart': ({ signals }) => {
    const cart =
      realLinksMatching(signals, CART_HREF).length > 0 ||
      signals.structure.controls.some((c) => CART.test(c.text) && c.region !== 'footer') ||
      signals.drawnCarts.length > 0 ||
      [...signals.linkIcon].some(([el, name]) => BAG_ICON.test(name) && !el.ancestors.includes('footer'));
    return cart ? null : { evidence: { missing: 'link to /cart or /checkout', count: 0 } };
  },

  'checkout-no-payment-options': ({ page }) => {
    const shown =
      PAYMENT.test(page.text) ||
      page.elements.some(
        (el) => (el.tag === 'img' || el.tag === 'svg') && PAYMENT.test(`${attr(el, 'alt')} ${attr(el, 'src')} ${attr(el, 'aria-label')}`),
      );
    return shown ? null : { evidence: { missing: 'payment method logos or names' } };
  },

  'checkout-no-shipping-returns': ({ page }) => {
    const shipping = /\b(shipping|delivery|dispatch|ships)\b/i.test(page.text);
    const returns = /\b(returns?|refunds?|exchanges?)\b/i.test(page.text);
    if (shipping && returns) return null;
    return {
      evidence: { missing: [shipping ? '' : 'shipping information', returns ? '' : 'returns policy'].filter(Boolean).join(' and ') },
    };
  },

  'checkout-no-guest': ({ page, signals }) => {
    // Only a checkout that asks to sign in or create an account lacks a guest path.
    const password = page.elements.find((el) => el.tag === 'input' && attr(el, 'type').toLowerCase() === 'password');
    const signIn = signals.headings.find((h) => /\b(sign in|log in|login|create (an )?account)\b/i.test(h));
    if (!password && !signIn) return null;
    return /\bguest\b|without (an )?account|no account (needed|required)/i.test(page.text)
      ? null
      : {
          evidence: {
            element: password ? '<input type="password">' : '<h2>',
            sample: signIn ?? 'password field',
            missing: 'guest checkout option',
          },
        };
  },
});
