/**
 * Figures written exactly as the Analytics screen shows them (en-US grouping, the same decimals),
 * without Intl, which the hooks' runtime lacks: an answer quoting the site's figures must match the screen.
 */

function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A count with thousands separators: 12345 -> "12,345" (as toLocaleString('en-US') writes integers). */
export function count(n: number): string {
  const sign = n < 0 ? '-' : '';
  return sign + group(String(Math.round(Math.abs(n))));
}

/** A percentage with fixed decimals: (2.3456, 2) -> "2.35%". */
export function percent(n: number, decimals: number): string {
  return `${n.toFixed(decimals)}%`;
}

/** Dollars with cents: 1234.5 -> "$1,234.50". */
export function money(n: number): string {
  const [whole = '0', cents = '00'] = Math.abs(n).toFixed(2).split('.');
  return `${n < 0 ? '-' : ''}$${group(whole)}.${cents}`;
}

/** Whole seconds: 73.6 -> "74s". */
export function seconds(n: number): string {
  return `${Math.round(n)}s`;
}

/** A signed change in percent with one decimal: 4.25 -> "+4.3%". */
export function signedPercent(n: number): string {
  return `${n >= 0 ? '+' : ''}${n.toFixed(1)}%`;
}
