import { attr, byTag, metaContent } from '../page';
import { defineChecks } from './define';

export const copywritingChecks = defineChecks({
  'copy-no-title': ({ page }) => {
    const title = byTag(page, 'title')[0]?.text.trim() ?? '';
    return title.length >= 10 ? null : { evidence: title ? { element: '<title>', sample: title } : { missing: '<title>' } };
  },

  'copy-long-title': ({ page }) => {
    const title = byTag(page, 'title')[0]?.text.trim() ?? '';
    return title.length > 65 ? { evidence: { element: '<title>', count: title.length, sample: title.slice(0, 80) } } : null;
  },

  'copy-no-meta-description': ({ page }) => {
    const d = metaContent(page, 'description');
    if (d && d.length >= 50) return null;
    return { evidence: d ? { element: '<meta name="description">', count: d.length } : { missing: '<meta name="description">' } };
  },

  'copy-no-h1': ({ page }) => (byTag(page, 'h1').some((h) => h.text) ? null : { evidence: { missing: '<h1>' } }),

  'copy-multiple-h1': ({ page }) => {
    const n = byTag(page, 'h1').filter((h) => h.text).length;
    return n > 1 ? { evidence: { element: '<h1>', count: n } } : null;
  },

  'copy-weak-headline': ({ page }) => {
    const h1 = byTag(page, 'h1').find((h) => h.text);
    if (!h1) return null;
    const weak = h1.words < 3 || /^(welcome|home|homepage|untitled|hello|hi)\b/i.test(h1.text);
    return weak ? { evidence: { element: '<h1>', sample: h1.text.slice(0, 80) } } : null;
  },

  'copy-wall-of-text': ({ page }) => {
    const long = byTag(page, 'p').filter((p) => p.words > 120);
    return long.length ? { evidence: { element: '<p>', count: long.length } } : null;
  },

  'copy-thin-content': ({ page }) => (page.wordCount < 150 ? { evidence: { element: 'visible text', count: page.wordCount } } : null),

  'copy-missing-alt': ({ signals }) => {
    const missing = signals.images.filter((img) => !('alt' in img.attrs));
    return missing.length ? { evidence: { element: '<img>', count: missing.length, missing: 'alt attribute' } } : null;
  },

  'copy-no-lang': ({ page }) => {
    const html = byTag(page, 'html')[0];
    return html && attr(html, 'lang') ? null : { evidence: { missing: '<html lang>' } };
  },
});
