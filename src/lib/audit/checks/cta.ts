import { attr, type PageElement } from '../page';
import { defineChecks } from './define';
import { VAGUE_LABEL } from '../words';

/** The first screen of the rendered page (the renderer's viewport height). */
const FOLD_PX = 800;

/** Links that open a widget (tabs, menus, modals, sliders, filters, lightboxes) rather than a page: '#' is their normal href. */
const WIDGET_ATTRS = [
  'role',
  'aria-controls',
  'aria-haspopup',
  'aria-expanded',
  'data-toggle',
  'data-bs-toggle',
  'data-target',
  'data-bs-target',
  'data-slide',
  'data-bs-slide',
  'data-slide-to',
  'data-bs-slide-to',
  'data-filter',
  'data-lightbox',
  'data-fancybox',
  'data-dismiss',
  'data-bs-dismiss',
  'onclick',
];
/** A link back to the top of the page: '#' takes the browser there. */
const TO_TOP = /^(back to top|to top|top|scroll to top|go to top|↑|⬆)$/i;
/**
 * A link that operates the page, bound by a script to its class rather than to a data attribute:
 * a class that is a script hook ('js-show-modal') or names a toggle, trigger or closer
 * ('menu-toggle', 'search-trigger', 'hamburger', 'close'), or an icon of one (bars, search, close).
 * A class such as 'menu-item' or 'nav-link' says where a link sits, not that it operates anything.
 */
const CONTROL_CLASS =
  /^(js-[\w-]+|[\w-]*?(toggle|toggler|trigger|hamburger|burger|navicon|dismiss|opener|closer)([-_][\w-]*)?|close|btn-close|modal-close|search|search-btn|search-icon|search-open)$/i;
const CONTROL_ICON = /(^|[-_])(bars|navicon|hamburger|search|magnifier|close|times|xmark|x-lg)$/i;
const CLOSE_TEXT = /^(×|✕|✖|close)$/i;

/** Whether the link operates the page (a menu, a search box, a dialog) rather than leading somewhere. */
function operatesPage(a: PageElement, icon: string): boolean {
  return (
    WIDGET_ATTRS.some((k) => k in a.attrs) ||
    attr(a, 'class')
      .split(/\s+/)
      .some((c) => CONTROL_CLASS.test(c)) ||
    (!a.text.trim() && icon.split(/\s+/).some((c) => CONTROL_ICON.test(c))) ||
    CLOSE_TEXT.test(a.text.trim())
  );
}

export const ctaChecks = defineChecks({
  'cta-missing': ({ signals }) =>
    signals.ctas.length === 0
      ? {
          evidence: {
            missing: `call-to-action <button> or <a> (${signals.structure.controls.length} links and buttons, none asking to act)`,
            count: 0,
          },
        }
      : null,

  'cta-below-fold': ({ signals, page }) => {
    const first = signals.ctas[0];
    if (!first) return null;
    // Rendered: where the browser put it (below an 800 px high first screen); else the text before it.
    if (first.box) {
      if (signals.ctas.some((c) => c.box && c.box[1]! < FOLD_PX && c.box[2]! * c.box[3]! > 0)) return null;
      return { evidence: { element: `<${first.tag}>`, selector: first.selector, sample: first.text.slice(0, 80), count: first.box[1] } };
    }
    if (first.offset < 1200 || page.text.length < 1500) return null;
    return { evidence: { element: `<${first.tag}>`, selector: first.selector, sample: first.text.slice(0, 80), count: first.offset } };
  },

  'cta-vague-text': ({ signals }) => {
    // A footer's 'here' or a menu's 'More' is navigation; the labels that matter are in the page.
    const vague = signals.structure.controls.filter(
      (c) => ['main', 'header', 'form'].includes(c.region) && VAGUE_LABEL.test(c.text.trim()),
    );
    const first = vague[0];
    return first ? { evidence: { element: `<${first.tag}>`, selector: first.selector, sample: first.text, count: vague.length } } : null;
  },

  'cta-too-many': ({ signals }) => {
    const inPage = signals.ctas.filter((c) => c.region === 'main' || c.region === 'form');
    const distinct = [...new Set(inPage.map((c) => c.text.toLowerCase()))];
    return distinct.length > 7
      ? { evidence: { element: 'call-to-action buttons and links', count: distinct.length, sample: distinct.slice(0, 5).join(', ') } }
      : null;
  },

  'cta-dead-links': ({ signals }) => {
    const ids = new Set(signals.structure.ids);
    // A link is named by its text or, icon-only, by its icon ('fa-twitter').
    const name = (a: PageElement): string =>
      a.text ||
      attr(a, 'aria-label') ||
      attr(a, 'title') ||
      (signals.linkIcon.get(a) ?? '').split(/\s+/).find((c) => /[a-z]{3}/i.test(c)) ||
      '';
    const dead = signals.links.filter((a) => {
      const href = attr(a, 'href').trim();
      if (!name(a) || operatesPage(a, signals.linkIcon.get(a) ?? '') || TO_TOP.test(name(a).trim())) return false;
      if (/^(#!?|javascript:.*)$/i.test(href)) return true;
      // An in-page anchor is dead only when no element carries its id ('#top' always scrolls up).
      const target = /^#([^!].*)$/.exec(href)?.[1];
      return target !== undefined && target !== 'top' && !ids.has(decodeURIComponent(target));
    });
    const first = dead[0];
    return first
      ? {
          evidence: {
            element: `<a href="${attr(first, 'href').trim().slice(0, 40)}">`,
            sample: name(first).slice(0, 60),
            count: dead.length,
          },
        }
      : null;
  },
});
