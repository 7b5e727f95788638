/** How a post shows its date, read by the site type (dated posts, listings) and the page type (one post). */
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';

/** A post's date: "August 28, 2018", "28 Aug 2018", "2018-08-28". */
export const POST_DATE = new RegExp(
  // No word boundaries: a card's text runs its parts together ("Sed feugiatAugust 28, 2018By Sam").
  `${MONTH}\\s\\d{1,2}(st|nd|rd|th)?,?\\s(19|20)\\d\\d(?!\\d)|\\d{1,2}(st|nd|rd|th)?\\s${MONTH},?\\s(19|20)\\d\\d(?!\\d)|(19|20)\\d\\d-\\d\\d-\\d\\d(?!\\d)`,
  'i',
);
