/** Display formats shared by the public islands and the dashboard (en-US). */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** US dollars without decimals: 43200 -> "$43,200", -2508.4 -> "-$2,508". */
export function formatUsd(value: number): string {
  // Avoid "-$0" for tiny negative rounding remainders.
  return usd.format(Math.abs(value) < 0.5 ? 0 : value);
}

/** A percentage with a fixed number of decimals (2 by default): 2.36 -> "2.36%". */
export function formatPercent(value: number, decimals = 2): string {
  const fmt = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return `${fmt.format(value)}%`;
}

/** A count rounded to a whole number with thousands separators: 1180.4 -> "1,180". */
export function formatCount(value: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value);
}

/** A size in bytes with a binary unit and at most one decimal: 0 -> "0 B", 1536 -> "1.5 KB", 5242880 -> "5 MB". */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const fmt = new Intl.NumberFormat('en-US', { maximumFractionDigits: unit === 0 ? 0 : 1 });
  return `${fmt.format(value)} ${units[unit]}`;
}

/** "1 insight", "2 insights": a count with its noun in the right number. */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

/** "an E-commerce", "a SaaS": the indefinite article chosen by the word's first sound (by its first letter). */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}

/** A share as a percentage with one decimal: 0.1234 -> "12.3%" (the A/B test screens' form). */
export const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

/** A relative uplift with its sign: 0.25 -> "+25.0%". */
export const signedPercent = (x: number) => `${x > 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;

/** An interval of uplifts; an unbounded end (null) is ±∞. */
export const interval = ([lo, hi]: [number | null, number | null]) =>
  `[${lo === null ? '-∞' : signedPercent(lo)}, ${hi === null ? '+∞' : signedPercent(hi)}]`;
