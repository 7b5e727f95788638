import { attr, byTag, codeSpans, metaContent, type Page } from '../page';
import {
  DEFAULT_DESCRIPTION,
  DEFAULT_TITLE,
  DESCRIBED_AS_TEMPLATE,
  FILL_IN_BLANK,
  FILL_IN_DESCRIPTION,
  FILL_IN_HEADING,
  FILLER_TEXT,
  LANDING_PAGE_TITLE,
  NUMBERED_VARIANT,
  PAGE_KIND_TITLE,
  PLACEHOLDER_NAME,
  TEMPLATE_DEFAULT,
} from '../words';
import { isPlaceholderAlt } from '../alt-text';
import { namesOnlyItsKind } from '../kind-title';
import { fillerLatinAt, ROLE_HEADING } from '../filler';
import { defineChecks } from './define';

/** Where a title's parts meet: "Medic | Medical HTML Template", "Corporate Landing • Classic". */
const TITLE_SEPARATOR = /\s+[|–—:•·-]\s+/;

const titleOf = (els: { text: string }[]): string => els[0]?.text.trim() ?? '';

/** The text around the first match of pattern, for evidence. */
function excerpt(text: string, pattern: RegExp, from = 0): string {
  const re = new RegExp(pattern.source, 'gi');
  re.lastIndex = from;
  const m = re.exec(text);
  if (!m) return '';
  const start = Math.max(0, m.index - 20);
  return `${start > 0 ? '…' : ''}${text.slice(start, m.index + m[0].length + 40).trim()}…`;
}

/** The text from index on, for evidence: up to length characters and the rest of the last word. */
function around(text: string, index: number, length: number): string {
  const end = text.indexOf(' ', index + length);
  return `${index > 0 ? '…' : ''}${text.slice(index, end < 0 ? undefined : end).trim()}…`;
}

export const copywritingChecks = defineChecks({
  'copy-no-title': ({ page }) => {
    const title = titleOf(byTag(page, 'title'));
    return title.length >= 10 ? null : { evidence: title ? { element: '<title>', sample: title } : { missing: '<title>' } };
  },

  'copy-default-title': ({ page }) => {
    const title = titleOf(byTag(page, 'title'));
    const description = metaContent(page, 'description') ?? '';
    // A short title is already reported as missing; here: a builder's default left in a real title.
    const parts = title.split(TITLE_SEPARATOR).map((part) => part.trim());
    const defaultPart = title.length >= 10 && parts.some((part) => DEFAULT_TITLE.test(part) && !/^(home|welcome)$/i.test(part));
    const kindOnly = title.length >= 10 && (parts.every((part) => PAGE_KIND_TITLE.test(part)) || namesOnlyItsKind(parts));
    if (
      defaultPart ||
      kindOnly ||
      parts.some(
        (part) =>
          TEMPLATE_DEFAULT.test(part) || LANDING_PAGE_TITLE.test(part) || NUMBERED_VARIANT.test(part) || PLACEHOLDER_NAME.test(part),
      )
    )
      return { evidence: { element: '<title>', sample: title.slice(0, 80) } };
    const d = description.trim();
    return DEFAULT_DESCRIPTION.test(d) || TEMPLATE_DEFAULT.test(d) || DESCRIBED_AS_TEMPLATE.test(d) || FILL_IN_DESCRIPTION.test(d)
      ? { evidence: { element: '<meta name="description">', sample: description.slice(0, 80) } }
      : null;
  },

  'copy-long-title': ({ page }) => {
    const title = titleOf(byTag(page, 'title'));
    return title.length > 65 ? { evidence: { element: '<title>', count: title.length, sample: title.slice(0, 80) } } : null;
  },

  'copy-no-meta-description': ({ page }) => {
    // A short description is still a description (a template's default one is copy-default-title).
    const d = metaContent(page, 'description')?.trim();
    if (d && d.length >= 10) return null;
    return {
      evidence: d ? { element: '<meta name="description">', count: d.length, sample: d } : { missing: '<meta name="description">' },
    };
  },

  'copy-no-h1': ({ page }) => {
    const h1s = byTag(page, 'h1');
    // A logo drawn as an image with its name is a headline too, as copy-multiple-h1 counts it.
    if (h1s.some((h) => h.text) || page.elements.some((h, i) => h.tag === 'h1' && imageIn(page, i))) return null;
    // An empty <h1> on a page with scripts is filled in by them: the served HTML cannot say it is missing.
    if (h1s.length > 0 && byTag(page, 'script').length > 0) return null;
    return { evidence: { missing: '<h1>' } };
  },

  'copy-multiple-h1': ({ page }) => {
    // A logo drawn as an image inside an <h1> is a headline too (its name is the image's alt text).
    const h1s = page.elements.flatMap((h, i) => (h.tag === 'h1' && (h.text || imageIn(page, i) !== null) ? [[h, i] as const] : []));
    const names = h1s.map(([h, i]) => h.text.slice(0, 40) || imageIn(page, i)).filter(Boolean);
    return h1s.length > 1 ? { evidence: { element: '<h1>', count: h1s.length, sample: names.join(' / ') } } : null;
  },

  'copy-weak-headline': ({ page }) => {
    const h1 = byTag(page, 'h1').find((h) => h.text);
    if (!h1) return null;
    const weak = h1.words < 3 || /^(welcome|home|homepage|untitled|hello|hi)\b/i.test(h1.text);
    return weak ? { evidence: { element: '<h1>', sample: h1.text.slice(0, 80) } } : null;
  },

  'copy-hero-no-offer': ({ page, signals }) => {
    // The hero: from the h1 to the next heading (at most 600 characters of text).
    const h1 = byTag(page, 'h1').find((h) => h.text);
    if (!h1 || signals.ctas.length === 0) return null;
    const next = page.elements.find((e) => /^h[2-3]$/.test(e.tag) && e.textOffset > h1.textOffset);
    const end = Math.min(next?.textOffset ?? Infinity, h1.textOffset + 600);
    const offer = signals.ctas.some((c) => c.region !== 'nav' && c.offset >= h1.textOffset && c.offset <= end);
    const farAway = (signals.ctas[0]?.offset ?? 0) >= 1200 && page.text.length >= 1500; // reported as below the fold
    return offer || farAway ? null : { evidence: { element: '<h1>', sample: h1.text.slice(0, 80), missing: 'call to action in the hero' } };
  },

  'copy-filler-text': ({ page }) => {
    const title = `${titleOf(byTag(page, 'title'))} ${metaContent(page, 'description') ?? ''}`;
    // Filler words in a code sample (a documented option's "placeholder text") are the sample's.
    const spans = codeSpans(page);
    const inProse = [...page.text.matchAll(new RegExp(FILLER_TEXT.source, 'gi'))].find(
      // The match starts at the character before the phrase unless the phrase opens the text.
      (m) => !spans.some(([start, end]) => m.index + (/^\w/.test(m[0]) ? 0 : 1) >= start && m.index < end),
    );
    if (inProse) return { evidence: { element: 'visible text', sample: excerpt(page.text, FILLER_TEXT, inProse.index) } };
    const outsideCode = (at: number): boolean => !spans.some(([start, end]) => at >= start && at < end);
    const blankInText = [...page.text.matchAll(new RegExp(FILL_IN_BLANK.source, 'gi'))].find((m) => outsideCode(m.index));
    if (blankInText) return { evidence: { element: 'visible text', sample: excerpt(page.text, FILL_IN_BLANK, blankInText.index) } };
    // Generator Latin other than the opening words.
    const latin = fillerLatinAt(page.text);
    if (latin >= 0 && outsideCode(latin)) return { evidence: { element: 'visible text', sample: around(page.text, latin, 60) } };
    const blank = page.elements.find(
      (e) => /^h[1-6]$/.test(e.tag) && (FILL_IN_HEADING.test(e.text.trim()) || ROLE_HEADING.test(e.text.trim())),
    );
    if (blank) return { evidence: { element: `<${blank.tag}>`, sample: blank.text.trim() } };
    return FILLER_TEXT.test(title) ? { evidence: { element: 'visible text', sample: excerpt(title, FILLER_TEXT) } } : null;
  },

  'copy-wall-of-text': ({ page }) => {
    const long = byTag(page, 'p').filter((p) => p.words > 120);
    return long[0] ? { evidence: { element: '<p>', count: long.length, sample: `${long[0].text.slice(0, 60)}…` } } : null;
  },

  // Under 100 words a page cannot state its offer, the proof and the next step.
  'copy-thin-content': ({ page }) =>
    page.wordCount < 100 ? { evidence: { element: 'visible text', count: page.wordCount, sample: `${page.text.slice(0, 60)}…` } } : null,

  'copy-missing-alt': ({ signals }) => {
    const missing = signals.images.filter((img) => !('alt' in img.attrs));
    return missing[0]
      ? { evidence: { element: '<img>', count: missing.length, missing: 'alt attribute', sample: attr(missing[0], 'src').slice(0, 80) } }
      : null;
  },

  'copy-placeholder-alt': ({ signals }) => {
    const placeholder = signals.images.filter((img) => isPlaceholderAlt(attr(img, 'alt')));
    const first = placeholder[0];
    return first
      ? {
          evidence: {
            element: `<img alt="${attr(first, 'alt').trim().slice(0, 40)}">`,
            count: placeholder.length,
            sample: attr(first, 'src').slice(0, 80),
          },
        }
      : null;
  },

  'copy-no-lang': ({ page }) => {
    const html = byTag(page, 'html')[0];
    return html && attr(html, 'lang') ? null : { evidence: { missing: '<html lang>' } };
  },
});

/** The alt text (or, without one, the file) of the first image inside the element at index i; null when it holds none. */
function imageIn(page: Page, i: number): string | null {
  const els = page.elements;
  const depth = els[i]!.ancestors.length;
  for (let j = i + 1; j < els.length && j < i + 20; j++) {
    const d = els[j]!;
    if (d.ancestors.length <= depth || d.ancestors[depth] !== els[i]!.tag) return null;
    if (d.tag === 'img') return attr(d, 'alt').trim() || attr(d, 'src').split('/').pop() || '';
  }
  return null;
}
