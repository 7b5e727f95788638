/**
 * A title that names only the kind of site a template demonstrates, no business or person: "Gym
 * Website", "Charity Website", "Beauty Salon", "My E-Commerce Site", "Cart - Simple E-commerce
 * Store". Each part is a kind (a trade as site-type-words.ts names it, or a kind of site), with at
 * most two describing words before it and a word for a web page after it, or the name of a page
 * ("Products", "Contact Us"); a part that names anything else ("Ada Lovelace", "Acme") is a real title.
 */
import { TRADE_PHRASES } from './site-type-words';
import { phraseSource } from './words';

/** Kinds of site, in English and the languages the scan sees, as templates name themselves. */
const SITE_KINDS = [
  'e-commerce',
  'ecommerce',
  'online store',
  'online shop',
  'webshop',
  'web shop',
  'shop',
  'store',
  'boutique',
  'tienda',
  'loja',
  'negozio',
  'agency',
  'company',
  'business',
  'corporate',
  'startup',
  'saas',
  'consulting',
  'consultancy',
  'charity',
  'nonprofit',
  'non-profit',
  'ngo',
  'ong',
  'foundation',
  'blog',
  'news',
  'magazine',
  'portfolio',
  'portafolio',
  'portfólio',
  'resume',
  'résumé',
  'cv',
  'currículo',
  'curriculum',
  'wedding',
  'event',
  'conference',
  'fitness',
  'travel',
  'real estate',
  'photography',
];

/** Words that describe a template's kind without naming anything. */
const DESCRIBING = [
  'my',
  'the',
  'a',
  'simple',
  'modern',
  'minimal',
  'basic',
  'responsive',
  'professional',
  'personal',
  'creative',
  'digital',
  'online',
  'sample',
  'demo',
  'free',
  'premium',
];

/** What a template calls itself after its kind: "… Website", "… Landing Page". */
const PAGE_WORDS = [
  'website',
  'web site',
  'site',
  'webpage',
  'web page',
  'page',
  'homepage',
  'home page',
  'template',
  'theme',
  'landing page',
  'project',
];

/** A page's own name as a title part beside the kind: "Contact Us - Digital Agency". */
const PAGE_NAMES =
  /^(home|homepage|about|about us|services|our services|contact|contact us|products|product|shop|cart|shopping cart|checkout|blog|news|menu|gallery|pricing|team|faq)$/i;

const alternatives = (phrases: readonly string[]) =>
  [...phrases]
    .sort((a, b) => b.length - a.length)
    .map(phraseSource)
    .join('|');
const KIND = `(?:${alternatives([...TRADE_PHRASES, ...SITE_KINDS])})(?:e?s)?`;
const KIND_ONLY = new RegExp(
  `^(?:(?:${alternatives(DESCRIBING)})\\s+){0,2}${KIND}(?:\\s+${KIND})?(?:\\s+(?:${alternatives(PAGE_WORDS)}))?$`,
  'i',
);

/** Whether every part of a title (split at its separators) is a kind or a page's name, and one is a kind. */
export function namesOnlyItsKind(parts: readonly string[]): boolean {
  return parts.some((part) => KIND_ONLY.test(part)) && parts.every((part) => KIND_ONLY.test(part) || PAGE_NAMES.test(part));
}
