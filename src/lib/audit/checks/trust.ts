import { attr } from '../page';
import { linksMatching } from '../signals';
import type { Check } from '../types';

export const trustChecks: Check[] = [
  {
    id: 'trust-no-https',
    category: 'Trust Signals',
    title: 'Serve the site over HTTPS',
    description:
      "The page was served without HTTPS; browsers mark it 'Not secure' and many visitors leave, especially before entering any details.",
    impact: 'High',
    difficulty: 'Medium',
    lift: [10, 20],
    confidence: 95,
    timeToImplement: '2-4 hours',
    run: ({ page }) =>
      /^http:/i.test(page.url) ? { evidence: { element: page.url.split('/').slice(0, 3).join('/'), missing: 'HTTPS' } } : null,
  },
  {
    id: 'trust-mixed-content',
    category: 'Trust Signals',
    title: 'Remove insecure (http://) resources from the HTTPS page',
    description: 'Images, scripts or styles are loaded over plain http, which browsers block or flag as insecure.',
    impact: 'Medium',
    difficulty: 'Easy',
    lift: [2, 6],
    confidence: 90,
    timeToImplement: '1 hour',
    run: ({ page }) => {
      if (!/^https:/i.test(page.url)) return null;
      const insecure = page.elements.filter((el) =>
        /^(img|script|iframe|source)$/.test(el.tag)
          ? /^http:/i.test(attr(el, 'src'))
          : el.tag === 'link' && /stylesheet/i.test(attr(el, 'rel')) && /^http:/i.test(attr(el, 'href')),
      );
      return insecure[0] ? { evidence: { element: `<${insecure[0].tag}>`, count: insecure.length } } : null;
    },
  },
  {
    id: 'trust-no-contact',
    category: 'Trust Signals',
    title: 'Show how to reach a real person',
    description:
      'The page shows no phone number, email address or contact link. Visible contact details are one of the strongest trust signals.',
    impact: 'High',
    difficulty: 'Easy',
    lift: [5, 10],
    confidence: 85,
    timeToImplement: '30 minutes',
    run: ({ signals, page }) => {
      const found =
        linksMatching(signals, /^(mailto:|tel:)|contact/i).length > 0 || signals.phoneInText || /[\w.+-]+@[\w-]+\.[\w.]+/.test(page.text);
      return found ? null : { evidence: { missing: 'phone, email or contact link' } };
    },
  },
  {
    id: 'trust-no-guarantee',
    category: 'Trust Signals',
    title: 'Add a guarantee or risk reversal',
    description: "Nothing reduces the visitor's risk: no money-back guarantee, free returns, secure-payment note or 'cancel anytime'.",
    impact: 'Medium',
    difficulty: 'Easy',
    lift: [4, 9],
    confidence: 76,
    timeToImplement: '1 hour',
    run: ({ page }) =>
      /guarantee|money[- ]back|risk[- ]free|secure (checkout|payment)|ssl|free returns|cancel any ?time|no credit card|gdpr|soc ?2|iso 27001|certified/i.test(
        page.text,
      )
        ? null
        : { evidence: { missing: 'guarantee, security or risk-reversal statement' } },
  },
  {
    id: 'trust-no-privacy',
    category: 'Trust Signals',
    title: 'Link to a privacy policy',
    description:
      'No privacy policy link was found. Visitors, and the law in many countries, expect one wherever personal data may be collected.',
    impact: 'Medium',
    difficulty: 'Easy',
    lift: [2, 5],
    confidence: 88,
    timeToImplement: '1 hour',
    run: ({ signals }) => (linksMatching(signals, /privacy/i).length ? null : { evidence: { missing: 'link to a privacy policy' } }),
  },
  {
    id: 'trust-no-about',
    category: 'Trust Signals',
    title: 'Tell visitors who is behind the site',
    description: "There is no 'About' link or section; visitors like to know the people and company they are dealing with.",
    impact: 'Low',
    difficulty: 'Easy',
    lift: [1, 3],
    confidence: 70,
    timeToImplement: '2-4 hours',
    run: ({ signals, page }) =>
      linksMatching(signals, /about|team|company|who we are/i).length || /\babout us\b|our story|our team/i.test(page.text)
        ? null
        : { evidence: { missing: "'About' page or section" } },
  },
];
