import { attr, metaContent } from '../page';
import { linksMatching } from '../signals';
import { defineChecks } from './define';

export const mobileChecks = defineChecks({
  'mobile-no-viewport': ({ page }) => (metaContent(page, 'viewport') ? null : { evidence: { missing: '<meta name="viewport">' } }),

  'mobile-zoom-disabled': ({ page }) => {
    const v = metaContent(page, 'viewport') ?? '';
    return /user-scalable\s*=\s*(no|0)|maximum-scale\s*=\s*1(\.0)?\b/i.test(v)
      ? { evidence: { element: '<meta name="viewport">', sample: v } }
      : null;
  },

  'mobile-fixed-width': ({ page }) => {
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

  'mobile-no-tap-to-call': ({ signals, siteType }) =>
    signals.phoneInText && !linksMatching(signals, /^tel:/i).length
      ? { evidence: { missing: '<a href="tel:">' }, impact: siteType === 'local' ? 'High' : undefined }
      : null,

  'mobile-tables-layout': ({ page }) => {
    const nested = page.elements.filter((el) => el.tag === 'table' && el.ancestors.includes('table'));
    return nested.length ? { evidence: { element: '<table>', count: nested.length } } : null;
  },
});
