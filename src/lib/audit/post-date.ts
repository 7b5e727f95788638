/** How a post shows its date, read by the site type (dated posts, listings) and the page type (one post). */
const ENGLISH_MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';
/**
 * The months' names and their usual abbreviations in Spanish, French, German, Italian and Portuguese
 * that the English stems above do not already read ("janvier" and "Juni" are read as "jan", "jun").
 */
const OTHER_MONTH =
  '(ene|enero|febrero|abr|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|dic|diciembre|' +
  'févr|février|mars|avr|avril|mai|juin|juil|juillet|août|déc|décembre|' +
  'märz|okt|oktober|dez|dezember|' +
  'gen|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|' +
  'fev|fevereiro|março|maio|junho|julho|setembro|outubro|dezembro)\\.?';
const MONTH = `(${OTHER_MONTH}|${ENGLISH_MONTH})`;

/**
 * A post's date: "August 28, 2018", "28 Aug 2018", "2018-08-28", and as other languages write it
 * ("28 de agosto de 2018", "28 août 2018", "28. August 2018").
 */
export const POST_DATE = new RegExp(
  // No word boundaries: a card's text runs its parts together ("Sed feugiatAugust 28, 2018By Sam").
  `${MONTH}\\s\\d{1,2}(st|nd|rd|th)?,?\\s(19|20)\\d\\d(?!\\d)|\\d{1,2}(st|nd|rd|th|er|\\.|º)?\\s(de\\s)?${MONTH},?\\s(de\\s)?(19|20)\\d\\d(?!\\d)|(19|20)\\d\\d-\\d\\d-\\d\\d(?!\\d)`,
  'i',
);
