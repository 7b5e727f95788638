import { attr, metaContent } from '../page';
import { linksMatching } from '../signals';
import type { Check } from '../types';

export const mobileChecks: Check[] = [
  {
    id: 'mobile-no-viewport',
    category: 'Mobile UX',
    title: 'Add a responsive viewport',
    description: 'Without a viewport meta tag phones render the page as a shrunken desktop page that visitors must pinch and zoom.',
    impact: 'High',
    difficulty: 'Easy',
    lift: [10, 25],
    confidence: 95,
    timeToImplement: '15 minutes',
    run: ({ page }) => (metaContent(page, 'viewport') ? null : { evidence: { missing: '<meta name="viewport">' } }),
  },
  {
    id: 'mobile-zoom-disabled',
    category: 'Mobile UX',
    title: 'Allow visitors to zoom',
    description: 'The viewport forbids zooming (user-scalable=no or maximum-scale=1), which hurts readability and accessibility on phones.',
    impact: 'Medium',
    difficulty: 'Easy',
    lift: [2, 5],
    confidence: 92,
    timeToImplement: '5 minutes',
    run: ({ page }) => {
      const v = metaContent(page, 'viewport') ?? '';
      return /user-scalable\s*=\s*(no|0)|maximum-scale\s*=\s*1(\.0)?\b/i.test(v)
        ? { evidence: { element: '<meta name="viewport">', sample: v } }
        : null;
    },
  },
  {
    id: 'mobile-fixed-width',
    category: 'Mobile UX',
    title: 'Remove fixed widths wider than a phone',
    description: 'Elements with a fixed width above 600 px force sideways scrolling on phones.',
    impact: 'Medium',
    difficulty: 'Medium',
    lift: [4, 10],
    confidence: 75,
    timeToImplement: '2-4 hours',
    run: ({ page }) => {
      const wide = page.elements.filter((el) => {
        const w = parseInt(attr(el, 'width'), 10);
        const styleW = /(?:^|;)\s*(?:min-)?width\s*:\s*(\d+)px/i.exec(attr(el, 'style'));
        return (
          (/^(table|div|iframe|section)$/.test(el.tag) && w > 600 && !/%/.test(attr(el, 'width'))) ||
          (styleW !== null && parseInt(styleW[1] ?? '0', 10) > 600)
        );
      });
      return wide[0] ? { evidence: { element: `<${wide[0].tag}>`, count: wide.length } } : null;
    },
  },
  {
    id: 'mobile-no-tap-to-call',
    category: 'Mobile UX',
    title: 'Make the phone number tap-to-call',
    description: 'A phone number is shown as plain text; on a phone, a tel: link turns it into a one-tap call.',
    impact: 'Medium',
    difficulty: 'Easy',
    lift: [3, 8],
    confidence: 82,
    timeToImplement: '15 minutes',
    run: ({ signals, siteType }) =>
      signals.phoneInText && !linksMatching(signals, /^tel:/i).length
        ? { evidence: { missing: '<a href="tel:">' }, impact: siteType === 'local' ? 'High' : undefined }
        : null,
  },
  {
    id: 'mobile-tables-layout',
    category: 'Mobile UX',
    title: 'Replace layout tables with a responsive layout',
    description: 'The page is laid out with nested tables, which cannot reflow on small screens.',
    impact: 'Medium',
    difficulty: 'Hard',
    lift: [5, 12],
    confidence: 70,
    timeToImplement: '2-5 days',
    run: ({ page }) => {
      const nested = page.elements.filter((el) => el.tag === 'table' && el.ancestors.includes('table'));
      return nested.length ? { evidence: { element: '<table>', count: nested.length } } : null;
    },
  },
];
