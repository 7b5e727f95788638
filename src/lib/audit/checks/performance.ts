import { attr, type Page } from '../page';
import { defineChecks } from './define';

const kb = (bytes: number): number => Math.round(bytes / 1024);

/**
 * Our own tracking snippet (/t/<public key>.js): synchronous at the top of <head> on purpose, so
 * that optimizations apply before the first paint; small and cacheable. Never reported as blocking.
 */
const OWN_TRACKER = /\/t\/[a-z0-9]{24}\.js(?:[?#]|$)/;

const hosts = (urls: { host: string }[]): string => [...new Set(urls.map((u) => u.host))].join(', ');
/** Other hosts' files in full, the site's own by the src or href the page wrote for them. */
function asWritten(page: Page, r: { url: string; thirdParty: boolean }): string {
  if (r.thirdParty) return r.url;
  const path = r.url.replace(/^https?:\/\/[^/]+/, '');
  const written = page.elements
    .map((el) => (el.tag === 'script' ? attr(el, 'src') : el.tag === 'link' ? attr(el, 'href') : ''))
    .find((raw) => raw && path.endsWith(raw.replace(/^(\.\.?\/)+/, '').replace(/^\//, '')));
  return written ?? path;
}

export const performanceChecks = defineChecks({
  'perf-blocking-scripts': ({ signals, page }) => {
    const blocking = signals.structure.headResources.filter((r) => r.kind === 'script' && r.blocking && !OWN_TRACKER.test(r.url));
    const first = blocking[0];
    if (!first) return null;
    return {
      evidence: {
        element: '<script src>',
        selector: 'head script[src]',
        count: blocking.length,
        // The site's own files by path, other hosts' files in full: the host is the point.
        sample: blocking
          .map((r) => asWritten(page, r))
          .join(', ')
          .slice(0, 100),
      },
      impact: blocking.length >= 3 ? 'High' : undefined,
    };
  },

  'perf-render-blocking-css': ({ signals, page }) => {
    // One or two of the site's own stylesheets are normal; another host's CSS or font file in
    // <head> makes the first paint wait for a second connection.
    const css = signals.structure.headResources.filter((r) => r.blocking && (r.kind === 'stylesheet' || r.kind === 'font'));
    const foreign = css.filter((r) => r.thirdParty);
    const shown = foreign.length ? foreign : css.length > 3 ? css : [];
    return shown.length
      ? {
          evidence: {
            element: '<link rel="stylesheet">',
            count: shown.length,
            // Other hosts by name (the host is the point), the site's own many files by path.
            sample: foreign.length
              ? hosts(shown)
              : shown
                  .slice(0, 3)
                  .map((r) => asWritten(page, r))
                  .join(', '),
            selector: 'head link[rel=stylesheet]',
          },
        }
      : null;
  },

  'perf-heavy-assets': ({ page }) => {
    const sizes = Object.values(page.assetSizes).filter((n) => n > 0);
    const total = sizes.reduce((a, b) => a + b, 0);
    return total > 1024 * 1024
      ? {
          evidence: {
            element: 'CSS and JavaScript files',
            count: sizes.length,
            missing: `under 1 MB of CSS and JavaScript (${kb(total)} KB)`,
          },
        }
      : null;
  },

  'perf-many-requests': ({ page }) => {
    const n = page.elements.filter(
      (el) => (el.tag === 'script' && attr(el, 'src')) || (el.tag === 'link' && /stylesheet/i.test(attr(el, 'rel'))),
    ).length;
    return n > 15 ? { evidence: { element: '<script src> and <link rel="stylesheet">', count: n } } : null;
  },

  'perf-large-html': ({ page }) =>
    // A measurement, not a quote: the size goes in count (KB), not in the excerpt.
    page.htmlBytes > 300 * 1024
      ? { evidence: { element: 'HTML document', count: kb(page.htmlBytes), missing: 'HTML under 300 KB' } }
      : null,

  'perf-no-lazy-images': ({ signals }) => {
    const eager = signals.images.slice(2).filter((img) => attr(img, 'loading').toLowerCase() !== 'lazy');
    return eager.length > 4 ? { evidence: { element: '<img>', count: eager.length, missing: 'loading="lazy"' } } : null;
  },

  'perf-image-dimensions': ({ signals }) => {
    const n = signals.images.filter((img) => !attr(img, 'width') || !attr(img, 'height')).length;
    return n >= 3 ? { evidence: { element: '<img>', count: n, missing: 'width and height attributes' } } : null;
  },
});
