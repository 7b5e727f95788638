/** The public insights archive: articles grouped by month. */

export interface InsightArticle {
  title: string;
  url: string;
  description?: string;
  markdown: string;
}

export interface InsightMonth {
  /** 'YYYY-MM', also the name of the prerendered file /insights/<key>.json */
  key: string;
  label: string;
}

/** The archive's tabs, the first one open by default. */
export const INSIGHT_MONTHS: readonly InsightMonth[] = [
  { key: '2025-10', label: 'October 2025' },
  { key: '2025-09', label: 'September 2025' },
  { key: '2025-08', label: 'August 2025' },
];

/** The archive's own count, as the page states it: how many articles exist and how many a month on average. */
export function insightsCount(total: number, months = INSIGHT_MONTHS.length): string {
  const perMonth = months > 0 ? Math.round(total / months) : total;
  return `${total} expert insights, about ${perMonth} a month,`;
}
export const INSIGHT_PREVIEW_LENGTH = 300;

/**
 * The card's preview: the article's markdown as plain text (syntax removed so that readers do not
 * see '##' or link brackets), cut to the first 300 characters and followed by '...'.
 */
export function insightPreview(markdown: string, length = INSIGHT_PREVIEW_LENGTH): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}#{1,6}\s+(.*?)\s*$/gm, (_, heading: string) => (/[.!?:]$/.test(heading) ? heading : `${heading}.`))
    .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, '')
    .replace(/^\s*>\s?/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return `${text.slice(0, length).trimEnd()}...`;
}
