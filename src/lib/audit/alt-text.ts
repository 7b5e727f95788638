/**
 * Alt text that describes nothing, read by its shape: made only of words for the medium and
 * generic qualifiers ("Thumbnail Image", "Stock photo", "bio section cover pic"), or a code
 * identifier ("logoImg"). Any word about the picture's subject ("Example kitten") makes it a description.
 */
import { PLACEHOLDER_ALT } from './words';

/** Words for the medium itself: one of them is what such alt text says. */
const MEDIUM = new Set(
  'image images img imgs photo photos photograph picture pictures pic pics graphic placeholder thumb thumbnail thumbnails icon banner'.split(
    ' ',
  ),
);
/** Words that qualify the medium without naming a subject: a place, a size, a source of stock pictures. */
const GENERIC = new Set(
  (
    'a an the of my your our this stock sample example default dummy demo circle round rounded square small large big main hero ' +
    'header footer section cover background bg user profile bio featured feature card post course event service product blog ' +
    'about team item slide slider news gallery portfolio cap here name alt text top bottom left right new unsplash unsplashed ' +
    'pexels pixabay freepik shutterstock'
  ).split(' '),
);
/** A code identifier: lower-case words run together, each after the first capitalised ("logoImg", "userImage1"). */
const IDENTIFIER = /^[a-z]{2,}(?:[A-Z][a-z0-9]+)+$/;

export function isPlaceholderAlt(alt: string): boolean {
  const text = alt.trim();
  if (!text) return false;
  if (PLACEHOLDER_ALT.test(text) || IDENTIFIER.test(text)) return true;
  const words = text
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean);
  const generic = (w: string): boolean => MEDIUM.has(w) || GENERIC.has(w) || /^\d+$|^\d+\s?[x×]\s?\d+(px)?$/.test(w);
  return words.some((w) => MEDIUM.has(w)) && words.every(generic);
}
