/**
 * A page whose body is built by script (an app shell): the served HTML is an empty mount point and
 * scripts, so whatever the body would show (calls to action, contact details, testimonials, a
 * headline) cannot be judged from it. The <head> can: its title, description, viewport and icons
 * are served as they are.
 */
import { byTag, type Page } from './page';
import type { Finding } from './types';

/** The ids frameworks mount their app on (React, Vue, Next.js, Nuxt, Gatsby, Angular, Svelte). */
const MOUNT_ID = /^(root|app|__next|__nuxt|___gatsby|svelte|q-app|main-app|app-root)$/i;

export function isScriptShell(page: Page): boolean {
  if (page.wordCount >= 25 || byTag(page, 'script').length === 0) return false;
  return page.elements.some((e) => (MOUNT_ID.test(e.attrs.id ?? '') || e.tag === 'app-root') && e.words === 0);
}

/** Checks that judge the body's text (how much there is, what the headline and first screen say). */
const BODY_TEXT = new Set(['copy-thin-content', 'copy-weak-headline', 'copy-hero-no-offer', 'cta-below-fold']);

/** Findings about the body's text or something missing from it say nothing on a shell; those about the <head> still hold. */
export function judgedFromHtml(f: Finding): boolean {
  if (BODY_TEXT.has(f.id)) return false;
  const missing = f.evidence.missing;
  return !missing || /^<(meta|link|title|html)\b/.test(missing);
}

/** A placeholder for the site's header or footer: id="footer-placeholder", class="site-header". */
const CHROME_NAME = /(^|[-_\s])(header|footer)([-_\s]|$)/i;
const CHROME_TAGS = new Set(['div', 'header', 'footer', 'section']);
/** Attributes of the include scripts and libraries that fill an element with another file (w3.js, htmx, jQuery's load). */
const INCLUDE_ATTRS = ['w3-include-html', 'data-include', 'data-include-html', 'hx-get', 'data-load', 'include-html'];

/**
 * A page whose header or footer is loaded by script (an empty placeholder named for it, or an
 * include attribute) and that serves no footer of its own: the site's contact details, privacy and
 * about links, social links and newsletter live there, out of the served HTML's sight.
 */
export function chromeByScript(page: Page): boolean {
  if (byTag(page, 'script').length === 0) return false;
  if (page.elements.some((e) => e.tag === 'footer' && e.words >= 3)) return false;
  return page.elements.some(
    (e) =>
      // A placeholder stands at the top of the body (a part inside a header, such as 'header-actions', does not).
      (e.words === 0 &&
        e.ancestors.length <= 3 &&
        CHROME_TAGS.has(e.tag) &&
        CHROME_NAME.test(`${e.attrs.id ?? ''} ${e.attrs.class ?? ''}`)) ||
      INCLUDE_ATTRS.some((k) => k in e.attrs),
  );
}

/** What a site keeps in its header and footer: absent from the served page is not absent from the site. */
const CHROME_BORNE = new Set([
  'trust-no-contact',
  'trust-no-privacy',
  'trust-no-about',
  'retention-no-social-links',
  'retention-no-newsletter',
]);

/** Whether the finding can be judged on a page whose header or footer the server does not send. */
export function judgedWithoutChrome(f: Finding): boolean {
  return !CHROME_BORNE.has(f.id) || !f.evidence.missing || !!f.evidence.element || !!f.evidence.selector || !!f.evidence.sample;
}
