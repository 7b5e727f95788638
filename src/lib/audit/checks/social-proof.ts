import { linksMatching } from '../signals';
import { schemaTypes } from '../page';
import type { Check } from '../types';

export const socialProofChecks: Check[] = [
  {
    id: 'social-no-testimonials',
    category: 'Social Proof',
    title: 'Add customer testimonials',
    description:
      'No testimonials or reviews appear on the page. Words from real customers are among the most persuasive content a page can have.',
    impact: 'High',
    difficulty: 'Easy',
    lift: [10, 18],
    confidence: 85,
    timeToImplement: '2-4 hours',
    run: ({ page }) => {
      const found =
        /testimonial|reviews?\b|what (our )?(customers|clients) say|customer stories|case stud/i.test(page.text) ||
        page.elements.some((el) => el.tag === 'blockquote' && el.words > 5) ||
        schemaTypes(page).has('review');
      return found ? null : { evidence: { missing: 'testimonials or reviews' } };
    },
  },
  {
    id: 'social-no-ratings',
    category: 'Social Proof',
    title: 'Show star ratings',
    description:
      'No ratings are shown or marked up (schema.org AggregateRating); stars next to products and in search results lift clicks and sales.',
    impact: 'Medium',
    difficulty: 'Easy',
    lift: [5, 10],
    confidence: 78,
    timeToImplement: '2-4 hours',
    run: ({ page, siteType }) => {
      const found =
        schemaTypes(page).has('aggregaterating') || /★|\b[1-5](\.\d)?\s?(\/|out of)\s?5\b|\b\d+(\.\d)? stars?\b/i.test(page.text);
      return found
        ? null
        : { evidence: { missing: 'AggregateRating markup or star ratings' }, impact: siteType === 'b2b' ? 'Low' : undefined };
    },
  },
  {
    id: 'social-no-numbers',
    category: 'Social Proof',
    title: 'Quantify your track record',
    description: "Nothing says how many customers, orders or years of experience stand behind the business ('12,000+ customers').",
    impact: 'Medium',
    difficulty: 'Easy',
    lift: [4, 9],
    confidence: 74,
    timeToImplement: '30 minutes',
    run: ({ page }) =>
      /\d[\d,.]*\s?[kKmM+]*\+?\s+(happy |satisfied )?(customers|clients|users|companies|teams|orders|businesses|patients|members|downloads|years)/i.test(
        page.text,
      ) || /trusted by/i.test(page.text)
        ? null
        : { evidence: { missing: 'customer or usage figures' } },
  },
  {
    id: 'social-no-logos',
    category: 'Social Proof',
    title: 'Show logos of clients or press',
    description: "B2B buyers look for companies like theirs; no 'trusted by' logos, client list or press mentions were found.",
    impact: 'Medium',
    difficulty: 'Easy',
    lift: [3, 8],
    confidence: 70,
    timeToImplement: '1-2 hours',
    siteTypes: ['b2b'],
    run: ({ page, signals }) =>
      /trusted by|as seen (in|on)|featured in|our (clients|customers|partners)|used by/i.test(page.text) ||
      linksMatching(signals, /case-stud|customers/i).length
        ? null
        : { evidence: { missing: "'Trusted by' logos or client list" } },
  },
];
