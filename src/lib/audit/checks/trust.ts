import { attr } from '../page';
import { linksMatching } from '../signals';
import { defineChecks } from './define';

export const trustChecks = defineChecks({
  'trust-no-https': ({ page }) =>
    /^http:/i.test(page.url) ? { evidence: { element: page.url.split('/').slice(0, 3).join('/'), missing: 'HTTPS' } } : null,

  'trust-mixed-content': ({ page }) => {
    if (!/^https:/i.test(page.url)) return null;
    const insecure = page.elements.filter((el) =>
      /^(img|script|iframe|source)$/.test(el.tag)
        ? /^http:/i.test(attr(el, 'src'))
        : el.tag === 'link' && /stylesheet/i.test(attr(el, 'rel')) && /^http:/i.test(attr(el, 'href')),
    );
    return insecure[0] ? { evidence: { element: `<${insecure[0].tag}>`, count: insecure.length } } : null;
  },

  'trust-no-contact': ({ signals, page }) => {
    const found =
      linksMatching(signals, /^(mailto:|tel:)|contact/i).length > 0 || signals.phoneInText || /[\w.+-]+@[\w-]+\.[\w.]+/.test(page.text);
    return found ? null : { evidence: { missing: 'phone, email or contact link' } };
  },

  'trust-no-guarantee': ({ page }) =>
    /guarantee|money[- ]back|risk[- ]free|secure (checkout|payment)|ssl|free returns|cancel any ?time|no credit card|gdpr|soc ?2|iso 27001|certified/i.test(
      page.text,
    )
      ? null
      : { evidence: { missing: 'guarantee, security or risk-reversal statement' } },

  'trust-no-privacy': ({ signals }) =>
    linksMatching(signals, /privacy/i).length ? null : { evidence: { missing: 'link to a privacy policy' } },

  'trust-no-about': ({ signals, page }) =>
    linksMatching(signals, /about|team|company|who we are/i).length || /\babout us\b|our story|our team/i.test(page.text)
      ? null
      : { evidence: { missing: "'About' page or section" } },
});
