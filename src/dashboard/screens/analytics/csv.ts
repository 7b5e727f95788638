/** Export Report: the analytics on screen as one CSV file, section by section. */
import type { AnalyticsReport, DimRow } from '../../data/analytics';

function cell(v: string | number): string {
  const s = String(v);
  // Quote when needed; neutralise spreadsheet formulas in text cells.
  const safe = typeof v === 'string' && /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const line = (cells: Array<string | number>) => cells.map(cell).join(',');

function dimSection(title: string, rows: DimRow[]): string[] {
  return [
    title,
    line(['Value', 'Sessions', 'Visitors', 'Conversions', 'Revenue', 'Conversion rate %']),
    ...rows.map((r) => line([r.value, r.sessions, r.visitors, r.conversions, r.revenue.toFixed(2), r.conversionRate])),
    '',
  ];
}

export function analyticsCsv(r: AnalyticsReport, domain: string): string {
  const s = r.summary;
  const out = [
    line(['Analytics report', domain]),
    line(['Range', `${r.from} to ${r.to} (${r.days} days)`]),
    '',
    'Summary',
    line([
      'Visitors',
      'Sessions',
      'Page views',
      'Conversions',
      'Revenue',
      'Conversion rate %',
      'Bounce rate %',
      'Avg duration s',
      'Avg scroll %',
    ]),
    line([
      s.visitors,
      s.sessions,
      s.pageviews,
      s.conversions,
      s.revenue.toFixed(2),
      s.conversionRate,
      s.bounceRate,
      s.avgDuration,
      s.avgScroll,
    ]),
    '',
    'Visitors and conversions by day',
    line(['Day', 'Visitors', 'Sessions', 'Page views', 'Conversions', 'Revenue']),
    ...r.series.map((d) => line([d.day, d.visitors, d.sessions, d.pageviews, d.conversions, d.revenue.toFixed(2)])),
    '',
    'Top converting pages',
    line(['Page', 'Page views', 'Visitors', 'Conversions', 'Revenue', 'Conversion rate %', 'Bounce rate %', 'Avg time s', 'Avg scroll %']),
    ...r.pages.map((p) =>
      line([p.path, p.pageviews, p.visitors, p.conversions, p.revenue.toFixed(2), p.conversionRate, p.bounceRate, p.avgTime, p.avgScroll]),
    ),
    '',
    ...dimSection('Traffic sources', r.sources),
    ...dimSection('UTM sources', r.utmSources),
    ...dimSection('UTM mediums', r.utmMediums),
    ...dimSection('UTM campaigns', r.utmCampaigns),
    ...dimSection('Devices', r.devices),
    ...dimSection('Browsers', r.browsers),
    ...dimSection('Countries', r.countries),
  ];
  return out.join('\r\n');
}

export function csvFileName(domain: string, r: AnalyticsReport): string {
  return `analytics-${domain.replace(/[^a-z0-9.-]/gi, '_')}-${r.days}d-${r.to}.csv`;
}
