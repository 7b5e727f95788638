import { attr, schemaTypes, type Page } from '../page';
import { realLinksMatching } from '../signals';
import { defineChecks } from './define';

const TESTIMONIAL_HEADING =
  /\b(testimonials?|testimony|testimonies|happy (client|customer|patient)s?|what (they|people|our \w+|clients|customers|patients|students|users) (say|are saying|said|think)|happy (clients|customers|patients)|(client|customer) (reviews|stories)|kind words|reviews|success stories|hear from (our )?\w+|don['’]t (just )?take our word for it|loved by|((client|customer|patient|student)s?['’]? )?feedback)\b/i;

/** A block named for what clients say: 'testimonials', 'client-feedback', 'clients-say', 'reviews-slider'. */
const TESTIMONIAL_BLOCK = /testimon|feedback|(client|customer)s?-says?|reviews?-(slider|carousel|section|wrapper)/i;
/**
 * A product's or a business's reviews by the block's name: 'reviews', the tab pane id="reviews",
 * 'reviews-container'. Not one 'review' alone: a checkout's step to review the order is called that.
 */
const REVIEWS_BLOCK = /reviews?[-_](container|list)|(^|[\s_-])reviews(\s|$)/i;

/**
 * Testimonials without review markup or a marked author: a section headed "Testimonials" / "What
 * our clients say", or a block classed or labelled as testimonials, that holds quotes (a paragraph
 * of some length after it).
 */
function testimonialSection(page: Page): boolean {
  const els = page.elements;
  for (let i = 0; i < els.length; i++) {
    const e = els[i]!;
    const heading = /^h[1-6]$/.test(e.tag) && TESTIMONIAL_HEADING.test(e.text) && e.words <= 10;
    // Classed, named or labelled for screen readers as testimonials (<section aria-label="testimonials">).
    const block = e.words >= 12 && TESTIMONIAL_BLOCK.test(`${attr(e, 'class')} ${attr(e, 'id')} ${attr(e, 'aria-label')}`);
    if (block) return true;
    if (e.words >= 12 && REVIEWS_BLOCK.test(`${attr(e, 'class')} ${attr(e, 'id')}`) && reviewInside(els, i)) return true;
    if (heading && els.slice(i + 1, i + 60).some((q) => ['p', 'blockquote', 'div', 'span'].includes(q.tag) && q.words >= 12)) return true;
    if (signedQuote(els, i) || markedQuote(els, i)) return true;
  }
  return false;
}

/**
 * A review's own words inside the block at i: a paragraph or quote of some length. A section called
 * "reviews" that only says "Read our reviews on Google" shows none.
 */
function reviewInside(els: Page['elements'], i: number): boolean {
  const end = els[i]!.textOffset + els[i]!.text.length;
  for (let j = i + 1; j < els.length && els[j]!.textOffset < end; j++)
    if ((els[j]!.tag === 'p' || els[j]!.tag === 'blockquote') && els[j]!.words >= 12) return true;
  return false;
}

/** A sentence in quotation marks, then (within a few elements) who said it: a name and a role. */
const QUOTED = /^["“„«'‘][^]{40,}["”“»'’]$/;
const ROLE = /\b(ceo|cto|coo|cfo|founder|co-founder|director|manager|owner|president|vp|head of|customer|client|patient)\b/i;

function signedQuote(els: Page['elements'], i: number): boolean {
  const e = els[i]!;
  if (!QUOTED.test(e.text.trim()) || e.words < 12 || e.words > 120) return false;
  return els.slice(i + 1, i + 8).some((x) => x.words >= 2 && x.words <= 12 && ROLE.test(x.text) && !QUOTED.test(x.text.trim()));
}

/** A quotation mark drawn by an icon font or an SVG (fa-quote-left, bi-quote, icon-quote-right). */
const QUOTE_ICON = /(^|[-_\s])(quote|quotes|quotation)([-_\s]|$)/i;

/**
 * A drawn quotation mark, then the quote (a paragraph of some length) and who said it (a short
 * line): the shape of a testimonial whatever its block is called.
 */
function markedQuote(els: Page['elements'], i: number): boolean {
  const e = els[i]!;
  if (e.text || !QUOTE_ICON.test(attr(e, 'class'))) return false;
  const next = els.slice(i + 1, i + 6);
  const at = next.findIndex((x) => x.words >= 12 && x.words <= 120);
  return (
    at >= 0 &&
    next
      .concat(els.slice(i + 6, i + 10))
      .slice(at + 1)
      .some((x) => x.words >= 1 && x.words <= 6)
  );
}

/**
 * A score out of five written as text next to what it rates: 'Rated 4.8 out of 5', '4.9/5 from
 * 1,200 reviews'. Read in each short element: the page's text runs adjacent elements together ("$49.00Rated").
 */
const WRITTEN_RATING =
  /(?<![a-z])(rated|rating|score)\s*:?\s*[0-5](\.\d{1,2})?\s*(\/|out of)\s*5(?!\d)|(?<![\d.])[0-5](\.\d{1,2})?\s*(\/|out of)\s*5(\.0)?\s*(stars?|from|based on|\(|on)(?![a-z])/i;

export const socialProofChecks = defineChecks({
  'social-no-testimonials': ({ page, signals }) => {
    const found = signals.structure.testimonials.length > 0 || schemaTypes(page).has('review') || testimonialSection(page);
    return found ? null : { evidence: { missing: 'testimonials or reviews (quotes with a name)' } };
  },

  'social-no-ratings': ({ page, signals }) => {
    const found =
      schemaTypes(page).has('aggregaterating') ||
      signals.structure.ratings.length > 0 ||
      page.elements.some((e) => e.words <= 30 && WRITTEN_RATING.test(e.text));
    return found ? null : { evidence: { missing: 'AggregateRating markup or star ratings' } };
  },

  'social-no-numbers': ({ page }) =>
    /\d[\d,.]*\s?[kKmM+]*\+?\s+(\w+\s+){0,2}(customers|clients|users|companies|teams|orders|businesses|owners|patients|members|downloads|years|reviews|readers|subscribers|students|developers|countries|volunteers|families)\b/i.test(
      page.text,
    ) || /\btrusted by\b/i.test(page.text)
      ? null
      : { evidence: { missing: 'customer or usage figures' } },

  'social-no-logos': ({ signals }) =>
    signals.structure.logoRows.length > 0 || realLinksMatching(signals, /\/(case-stud|customers)/i).length
      ? null
      : { evidence: { missing: "'Trusted by' logos or client list" } },
});
