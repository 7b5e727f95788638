import { attr } from '../page';
import type { Check } from '../types';

const kb = (bytes: number): number => Math.round(bytes / 1024);

/**
 * Our own tracking snippet (/t/<public key>.js): synchronous at the top of <head> on purpose, so
 * that optimizations apply before the first paint; small and cacheable. Never reported as blocking.
 */
const OWN_TRACKER = /\/t\/[a-z0-9]{24}\.js(?:[?#]|$)/;

export const performanceChecks: Check[] = [
  {
    id: 'perf-blocking-scripts',
    category: 'Performance',
    title: 'Stop scripts from blocking the first paint',
    description: 'External scripts in the <head> without async or defer hold up rendering: visitors stare at a blank screen longer.',
    impact: 'Medium',
    difficulty: 'Medium',
    lift: [4, 10],
    confidence: 88,
    timeToImplement: '2-4 hours',
    run: ({ page }) => {
      const blocking = page.elements.filter(
        (el) =>
          el.tag === 'script' &&
          attr(el, 'src') &&
          el.ancestors.includes('head') &&
          !OWN_TRACKER.test(attr(el, 'src')) &&
          !('async' in el.attrs) &&
          !('defer' in el.attrs) &&
          attr(el, 'type').toLowerCase() !== 'module',
      );
      const first = blocking[0];
      if (!first) return null;
      return {
        evidence: { element: '<script src>', count: blocking.length, sample: attr(first, 'src').slice(0, 100) },
        impact: blocking.length >= 3 ? 'High' : undefined,
      };
    },
  },
  {
    id: 'perf-heavy-assets',
    category: 'Performance',
    title: 'Slim down heavy scripts and stylesheets',
    description:
      'The stylesheets and scripts this page loads weigh more than 1 MB; on mobile networks every extra second of loading costs conversions.',
    impact: 'High',
    difficulty: 'Hard',
    lift: [6, 15],
    confidence: 85,
    timeToImplement: '1-3 days',
    run: ({ page }) => {
      const sizes = Object.values(page.assetSizes).filter((n) => n > 0);
      const total = sizes.reduce((a, b) => a + b, 0);
      return total > 1024 * 1024
        ? { evidence: { element: 'CSS and JavaScript files', count: sizes.length, sample: `${kb(total)} KB` } }
        : null;
    },
  },
  {
    id: 'perf-many-requests',
    category: 'Performance',
    title: 'Bundle the many script and style files',
    description: 'The page references more than 15 separate scripts and stylesheets; each is another request before the page is usable.',
    impact: 'Medium',
    difficulty: 'Hard',
    lift: [3, 8],
    confidence: 80,
    timeToImplement: '1-2 days',
    run: ({ page }) => {
      const n = page.elements.filter(
        (el) => (el.tag === 'script' && attr(el, 'src')) || (el.tag === 'link' && /stylesheet/i.test(attr(el, 'rel'))),
      ).length;
      return n > 15 ? { evidence: { element: '<script src> and <link rel="stylesheet">', count: n } } : null;
    },
  },
  {
    id: 'perf-large-html',
    category: 'Performance',
    title: 'Reduce the size of the HTML',
    description: 'The HTML document alone is larger than 300 KB, usually from inlined data or markup bloat, and delays the first render.',
    impact: 'Medium',
    difficulty: 'Medium',
    lift: [3, 8],
    confidence: 85,
    timeToImplement: '1 day',
    run: ({ page }) =>
      page.htmlBytes > 300 * 1024 ? { evidence: { element: 'HTML document', sample: `${kb(page.htmlBytes)} KB` } } : null,
  },
  {
    id: 'perf-no-lazy-images',
    category: 'Performance',
    title: 'Lazy-load images below the fold',
    description: 'Many images load eagerly; loading="lazy" on images further down lets the first screen appear sooner.',
    impact: 'Medium',
    difficulty: 'Easy',
    lift: [2, 6],
    confidence: 80,
    timeToImplement: '30 minutes',
    run: ({ signals }) => {
      const eager = signals.images.slice(2).filter((img) => attr(img, 'loading').toLowerCase() !== 'lazy');
      return eager.length > 4 ? { evidence: { element: '<img>', count: eager.length, missing: 'loading="lazy"' } } : null;
    },
  },
  {
    id: 'perf-image-dimensions',
    category: 'Performance',
    title: 'Give images their width and height',
    description: 'Images without width and height make the page jump while it loads (layout shift), causing mis-clicks.',
    impact: 'Low',
    difficulty: 'Easy',
    lift: [1, 4],
    confidence: 82,
    timeToImplement: '1 hour',
    run: ({ signals }) => {
      const n = signals.images.filter((img) => !attr(img, 'width') || !attr(img, 'height')).length;
      return n >= 3 ? { evidence: { element: '<img>', count: n, missing: 'width and height attributes' } } : null;
    },
  },
];
