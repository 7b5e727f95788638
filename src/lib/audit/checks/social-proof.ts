import { linksMatching } from '../signals';
import { schemaTypes } from '../page';
import { defineChecks } from './define';

export const socialProofChecks = defineChecks({
  'social-no-testimonials': ({ page }) => {
    const found =
      /testimonial|reviews?\b|what (our )?(customers|clients) say|customer stories|case stud/i.test(page.text) ||
      page.elements.some((el) => el.tag === 'blockquote' && el.words > 5) ||
      schemaTypes(page).has('review');
    return found ? null : { evidence: { missing: 'testimonials or reviews' } };
  },

  'social-no-ratings': ({ page, siteType }) => {
    const found = schemaTypes(page).has('aggregaterating') || /★|\b[1-5](\.\d)?\s?(\/|out of)\s?5\b|\b\d+(\.\d)? stars?\b/i.test(page.text);
    return found
      ? null
      : { evidence: { missing: 'AggregateRating markup or star ratings' }, impact: siteType === 'b2b' ? 'Low' : undefined };
  },

  'social-no-numbers': ({ page }) =>
    /\d[\d,.]*\s?[kKmM+]*\+?\s+(happy |satisfied )?(customers|clients|users|companies|teams|orders|businesses|patients|members|downloads|years)/i.test(
      page.text,
    ) || /trusted by/i.test(page.text)
      ? null
      : { evidence: { missing: 'customer or usage figures' } },

  'social-no-logos': ({ page, signals }) =>
    /trusted by|as seen (in|on)|featured in|our (clients|customers|partners)|used by/i.test(page.text) ||
    linksMatching(signals, /case-stud|customers/i).length
      ? null
      : { evidence: { missing: "'Trusted by' logos or client list" } },
});
