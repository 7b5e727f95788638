/**
 * The server's checks of a split-URL test (pb_hooks/lib/split_url_check.js), shared with the
 * wizard: each variant's URL stays on the site's own hosts (no open redirect), uses no other
 * scheme, and can never lead to a page of the original's URL pattern, so a redirect loop is
 * impossible by construction (the tracker and the edge redirect only from an original page, and
 * every target is outside them). What a URL means: src/lib/contracts/split-url.ts.
 */
import { CONTROL_CHARACTERS } from './contracts/control-characters';

export const MAX_VARIANT_URL = 500;

const ORIGIN = /^https?:\/\/[^/?#]*/i;

/** The hosts a site's variants may send visitors to: its domain with and without www, and its staging host. */
export function siteHosts(domain: string, staging = ''): string[] {
  const host = (d: string) =>
    d
      .trim()
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .split(/[/:?#]/)[0]!;
  const bare = host(domain).replace(/^www\./, '');
  const out = bare ? [bare, 'www.' + bare] : [];
  if (host(staging) && !out.includes(host(staging))) out.push(host(staging));
  return out;
}

type Tok = string | 0 | 1; // a character, 0: any run of characters, 1: any run of slashes

/** A URL pattern as the matcher reads it (url-pattern.ts): `*` any run, trailing slashes optional. */
function patternTokens(p: string): Tok[] {
  return [...p.replace(/\/+$/, '')].map((c): Tok => (c === '*' ? 0 : c)).concat(1);
}

/** Whether some address matches both token lists (a walk over pairs of positions). */
function intersects(a: Tok[], b: Tok[]): boolean {
  const seen = new Set<number>();
  const todo: [number, number][] = [[0, 0]];
  while (todo.length) {
    const [i, j] = todo.pop()!;
    if (seen.has(i * (b.length + 1) + j)) continue;
    seen.add(i * (b.length + 1) + j);
    if (i === a.length && j === b.length) return true;
    const x = a[i];
    const y = b[j];
    if (x === 0 || x === 1) todo.push([i + 1, j]);
    if (y === 0 || y === 1) todo.push([i, j + 1]);
    if (x === undefined || y === undefined) continue;
    // One character both can read: repeating tokens stay where they are.
    const cx = x === 1 ? '/' : x;
    const cy = y === 1 ? '/' : y;
    if (cx === 0 || cy === 0 || cx === cy) todo.push([typeof x === 'string' ? i + 1 : i, typeof y === 'string' ? j + 1 : j]);
  }
  return false;
}

const lowerOrigin = (u: string) => u.replace(ORIGIN, (o) => o.toLowerCase());

/**
 * Whether some address the variant URL leads to (any text for its `*`, any visitor query when the
 * original is a full URL, which then sees the query) is covered by the original's pattern.
 */
export function splitLoops(original: string, variant: string, hosts: string[]): boolean {
  const o = lowerOrigin(original.trim());
  const v = lowerOrigin(variant.trim());
  if (!o) return true;
  const full = ORIGIN.test(o);
  const targets = !full ? [v.replace(ORIGIN, '')] : ORIGIN.test(v) ? [v] : hosts.flatMap((h) => ['http://' + h + v, 'https://' + h + v]);
  const a = patternTokens(o);
  return targets.some((t) => intersects(a, [...t].map((c): Tok => (c === '*' ? 0 : c)).concat(full ? [0] : [])));
}

/** Why a variant URL cannot be stored, or '' when it can. */
export function variantUrlProblem(url: unknown, original: string, hosts: string[], where: string): string {
  if (typeof url !== 'string' || !url.trim()) return `${where} needs a URL (a path such as /landing-b, or an address on the site)`;
  const u = url.trim();
  if (u.length > MAX_VARIANT_URL) return `${where}'s URL is longer than ${MAX_VARIANT_URL} characters`;
  if (/[\s\\]/.test(u) || u.search(CONTROL_CHARACTERS) >= 0)
    return `${where}'s URL may not contain spaces, backslashes or control characters`;
  if (!(u.startsWith('/') && !u.startsWith('//')) && !/^https?:\/\//i.test(u))
    return `${where}'s URL must be a path starting with / or an http(s):// address on the site (javascript:, data: and other schemes are refused)`;
  if (/[?#]/.test(u)) return `${where}'s URL may not carry a query or fragment: the visitor's own are kept`;
  const origin = ORIGIN.exec(u);
  if (origin) {
    const host = origin[0].replace(/^https?:\/\//i, '').toLowerCase();
    if (host.includes('*') || host.includes('@')) return `${where}'s URL needs a plain host name`;
    if (!hosts.includes(host.replace(/:\d+$/, '')))
      return `${where}'s URL must stay on the site's own domain (${hosts.join(', ') || 'none set'}), not ${host}`;
  }
  const stars = (s: string) => s.split('*').length - 1;
  if (stars(u) > stars(original))
    return `${where}'s URL has more * than the original's URL pattern: each * takes what a * of the original matched`;
  if (splitLoops(original, u, hosts))
    return `${where}'s URL ${u} matches the original's URL pattern ${original.trim()}: visitors would be redirected again`;
  return '';
}

/**
 * Why a test's type and its variants' URLs cannot be stored, or '' when they can. A split-URL test
 * needs the original's URL pattern (without a query) and a URL on every variant besides the
 * control, and its variants carry no changes; other types have no variant URLs.
 */
export function splitUrlProblem(testType: string, urlPattern: string, variants: unknown[], hosts: string[]): string {
  const list = variants.map((v) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {}));
  if (testType !== 'split_url') {
    return list.some((v) => v.url !== undefined && v.url !== '') ? 'Only a split URL test has variant URLs' : '';
  }
  const original = urlPattern.trim();
  if (!original || /^\*+$/.test(original)) return "A split URL test needs the original page's URL pattern (e.g. /landing), not every page";
  if (original.includes('?')) return "A split URL test's URL pattern may not contain a query (?): it is matched on the path";
  if (list[0] && list[0].url !== undefined && list[0].url !== '') return 'The control keeps the original URL and has no URL of its own';
  for (let i = 1; i < list.length; i++) {
    const where = `Variant ${i}`;
    const changes = list[i]!.changes;
    if (Array.isArray(changes) && changes.length) return `${where} of a split URL test sends visitors to its URL and has no changes`;
    const problem = variantUrlProblem(list[i]!.url, original, hosts, where);
    if (problem) return problem;
  }
  return '';
}
