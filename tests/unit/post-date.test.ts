/** A post's date as the site type and the page type read it (src/lib/audit/post-date.ts), in the languages the scan sees. */
import { describe, expect, test } from 'vitest';
import { POST_DATE } from '../../src/lib/audit/post-date';

describe("a post's date", () => {
  test('reads English, ISO and the other languages’ ways of writing a date', () => {
    for (const date of [
      'August 28, 2018',
      '28 Aug 2018',
      '2018-08-28',
      '28 de agosto de 2018',
      '3 de março de 2021',
      '28 août 2018',
      '1er janvier 2020',
      '28. August 2018',
      '12. Dezember 2019',
      '28 agosto 2018',
      '5 giugno 2022',
      '14 dic. 2023',
    ])
      expect(POST_DATE.test(date), date).toBe(true);
  });

  test('is not a year beside a number, a count or a word that only begins like a month', () => {
    for (const text of ['Top 10 2018', '12 sunsets 2020', 'since 2018', 'Version 2.1 2019', '28 agos 2018'])
      expect(POST_DATE.test(text), text).toBe(false);
  });
});
