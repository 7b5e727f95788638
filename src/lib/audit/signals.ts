/** Facts several checks share, computed once per page. */
import { attr, type Page, type PageElement } from './page';

export const CTA_PATTERN =
  /\b(buy|shop|order|add to (cart|bag|basket)|get started|start( your)?( free)? trial|try( it)?( for)? free|try|sign ?up|join|subscribe|register|book|schedule|reserve|request( a)? (demo|quote|call)|get (a |your )?(demo|quote|started|access|offer)|contact (us|sales)|talk to (sales|us)|call (us|now)|download|claim|start now|checkout|apply|get in touch)\b/i;

const FIELD_TYPES = new Set(['', 'text', 'email', 'tel', 'password', 'number', 'url', 'search', 'date', 'select', 'textarea', 'radio']);

export interface FormInfo {
  index: number;
  fields: PageElement[];
  submitTexts: string[];
}

export interface Signals {
  ctas: PageElement[];
  links: PageElement[];
  forms: FormInfo[];
  /** All form fields, inside forms or not. */
  fields: PageElement[];
  images: PageElement[];
  labelFor: Set<string>;
  hasEmailField: boolean;
  phoneInText: boolean;
  prices: number;
}

export function controlText(el: PageElement): string {
  return (el.text || attr(el, 'value') || attr(el, 'aria-label') || attr(el, 'title')).trim();
}

function isControl(el: PageElement): boolean {
  if (el.tag === 'a' || el.tag === 'button') return true;
  return el.tag === 'input' && /^(submit|button|image)$/i.test(attr(el, 'type'));
}

export function fieldType(el: PageElement): string {
  if (el.tag === 'select' || el.tag === 'textarea') return el.tag;
  return attr(el, 'type').toLowerCase();
}

export function isField(el: PageElement): boolean {
  if (!['input', 'select', 'textarea'].includes(el.tag)) return false;
  return FIELD_TYPES.has(fieldType(el));
}

export function computeSignals(page: Page): Signals {
  const ctas: PageElement[] = [];
  const links: PageElement[] = [];
  const forms: FormInfo[] = [];
  const fields: PageElement[] = [];
  const images: PageElement[] = [];
  const labelFor = new Set<string>();
  page.elements.forEach((el, index) => {
    if (el.tag === 'a') links.push(el);
    if (isControl(el) && CTA_PATTERN.test(controlText(el))) ctas.push(el);
    if (el.tag === 'img') images.push(el);
    if (el.tag === 'label' && el.attrs.for) labelFor.add(el.attrs.for);
    if (el.tag === 'form') forms.push({ index, fields: [], submitTexts: [] });
    const form = el.ancestors.includes('form') ? forms[forms.length - 1] : undefined;
    if (isField(el)) {
      fields.push(el);
      form?.fields.push(el);
    }
    if (form && (el.tag === 'button' || (el.tag === 'input' && /^(submit|image)$/i.test(attr(el, 'type'))))) {
      form.submitTexts.push(controlText(el));
    }
  });
  const prices = (page.text.match(/(?:[$€£¥]\s?\d[\d,]*(?:\.\d{2})?|\d[\d,]*(?:[.,]\d{2})?\s?(?:USD|EUR|GBP|€))/g) ?? []).length;
  return {
    ctas,
    links,
    forms,
    fields,
    images,
    labelFor,
    hasEmailField: fields.some((f) => fieldType(f) === 'email' || /e-?mail/i.test(attr(f, 'name') + attr(f, 'placeholder'))),
    phoneInText: /(\+\d{1,3}[\s.-]?)?\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b/.test(page.text),
    prices,
  };
}

/** Links whose href or text match. */
export function linksMatching(signals: Signals, pattern: RegExp): PageElement[] {
  return signals.links.filter((a) => pattern.test(attr(a, 'href')) || pattern.test(a.text));
}
