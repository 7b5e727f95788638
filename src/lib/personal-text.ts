/**
 * Personal data in free text: e-mail addresses and card-like numbers (13 to 19 digits, spaces or
 * dashes between them allowed) are masked before the text is stored, the rule recordings follow
 * for what a visitor types (src/recorder/privacy.ts never lets a typed value or a payment field
 * through). Masking keeps the text's shape (each character becomes *), as recordings' masked text does.
 */
const EMAIL = /[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[a-z]{2,}/gi;
const CARD_LIKE = /\d(?:[ -]?\d){12,18}/g;

const stars = (m: string) => m.replace(/\S/g, '*');

export function maskPersonalText(text: string): string {
  return text.replace(EMAIL, stars).replace(CARD_LIKE, stars);
}
