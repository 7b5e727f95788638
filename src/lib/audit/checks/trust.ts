import { attr } from '../page';
import { linksMatching } from '../signals';
import { CONTACT_HREF, CONTACT_TEXT, GUARANTEE_WORDS, RETURNS_PROMISE } from '../words';
import { defineChecks } from './define';

const ABOUT_HEADING = /\b(about( us)?|our (story|team|mission|people)|meet the team|the team|who we are|team)\b/i;

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
    const first = insecure[0];
    return first
      ? {
          evidence: {
            element: `<${first.tag}>`,
            count: insecure.length,
            sample: (attr(first, 'src') || attr(first, 'href')).slice(0, 100),
          },
        }
      : null;
  },

  'trust-no-contact': ({ signals, page }) => {
    const found =
      // A placeholder link (href="#") is there but broken: cta-dead-links reports it, not this check.
      linksMatching(signals, CONTACT_HREF).length > 0 ||
      linksMatching(signals, CONTACT_TEXT).length > 0 ||
      signals.structure.ids.some((id) => /^contact(-us|-me)?$/i.test(id)) ||
      signals.phoneInText ||
      /[\w.+-]+@[\w-]+\.[\w.]+/.test(page.text);
    return found ? null : { evidence: { missing: 'phone, email or contact link' } };
  },

  'trust-no-guarantee': ({ page }) => {
    if (GUARANTEE_WORDS.test(page.text) || RETURNS_PROMISE.test(page.text)) return null;
    return { evidence: { missing: 'guarantee, security or risk-reversal statement' } };
  },

  'trust-no-privacy': ({ signals }) =>
    linksMatching(signals, /privacy|datenschutz|confidentialit/i).length ? null : { evidence: { missing: 'link to a privacy policy' } },

  'trust-no-about': ({ signals }) =>
    linksMatching(signals, /\/(about|team|company|our-story|who-we-are)|^(about|about us|about me|team|our story|company)$/i).length ||
    signals.headings.some((h) => ABOUT_HEADING.test(h)) ||
    signals.structure.ids.some((id) => /^(about|team|our-team|about-us)$/i.test(id))
      ? null
      : { evidence: { missing: "'About' page or section" } },
});
