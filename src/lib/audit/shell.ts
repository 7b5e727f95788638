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
