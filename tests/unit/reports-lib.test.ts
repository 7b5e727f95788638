// The New Report dialog's recipients field and choices (src/lib/reports.ts).
import { describe, expect, it } from 'vitest';
import { REPORT_FORMATS, REPORT_FREQUENCIES, REPORT_TYPES, parseRecipients, reportPeriodDays } from '../../src/lib/reports';

describe('parseRecipients', () => {
  it('splits on commas, semicolons and line breaks, lower-cases and keeps each address once', () => {
    expect(parseRecipients(' Owner@Shop.test, editor@shop.test;\nowner@shop.test\n\n viewer@shop.test ')).toEqual([
      'owner@shop.test',
      'editor@shop.test',
      'viewer@shop.test',
    ]);
  });

  it('gives nothing for an empty field, so the server can say a recipient is needed', () => {
    expect(parseRecipients('  ,\n ')).toEqual([]);
  });
});

describe('report choices', () => {
  it('are the values the server accepts, and each frequency covers its days', () => {
    expect(REPORT_TYPES).toEqual(['performance', 'conversions', 'funnel', 'heatmap', 'session', 'full']);
    expect(REPORT_FREQUENCIES).toEqual(['daily', 'weekly', 'monthly']);
    expect(REPORT_FORMATS).toEqual(['pdf', 'csv', 'excel', 'email']);
    expect(REPORT_FREQUENCIES.map(reportPeriodDays)).toEqual([1, 7, 30]);
  });
});
