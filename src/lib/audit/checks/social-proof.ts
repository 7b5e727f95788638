import { schemaTypes } from '../page';
import { realLinksMatching } from '../signals';
import { defineChecks } from './define';

export const socialProofChecks = defineChecks({
  'social-no-testimonials': ({ page, signals }) => {
    const found = signals.structure.testimonials.length > 0 || schemaTypes(page).has('review');
    return found ? null : { evidence: { missing: 'testimonials or reviews (quotes with a name)' } };
  },

  'social-no-ratings': ({ page, signals }) => {
    const found = schemaTypes(page).has('aggregaterating') || signals.structure.ratings.length > 0;
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
