/**
 * Minimal URL resolution (RFC 3986 reference resolution for http(s) pages): the server's JS
 * runtime has no URL global, so the audit resolves references itself.
 */
const ABSOLUTE = /^([a-z][a-z0-9+.-]*):/i;

function splitOrigin(base: string): { origin: string; path: string } | null {
  const m = /^(https?:\/\/[^/?#]+)([^?#]*)/i.exec(base);
  if (!m) return null;
  return { origin: m[1] ?? '', path: m[2] || '/' };
}

function removeDotSegments(path: string): string {
  const out: string[] = [];
  const parts = path.split('/');
  parts.forEach((seg, i) => {
    if (seg === '..') {
      if (out.length > 1) out.pop();
    } else if (seg !== '.') out.push(seg);
    if ((seg === '.' || seg === '..') && i === parts.length - 1) out.push('');
  });
  const joined = out.join('/');
  return joined.startsWith('/') ? joined : `/${joined}`;
}

/** Absolute http(s) URL for ref on the page at base, or null (other schemes, broken input). */
export function resolveRef(base: string, ref: string): string | null {
  const value = ref.trim().replace(/[\t\n\r]/g, '');
  if (!value) return null;
  const scheme = ABSOLUTE.exec(value);
  if (scheme) return /^https?$/i.test(scheme[1] ?? '') ? value : null;
  const b = splitOrigin(base);
  if (!b) return null;
  if (value.startsWith('//')) return `${b.origin.split('//')[0]}${value}`;
  if (value.startsWith('#')) return base.split('#')[0] + value;
  if (value.startsWith('?')) return `${b.origin}${b.path}${value}`;
  const [pathPart, rest] = splitPath(value);
  const dir = b.path.slice(0, b.path.lastIndexOf('/') + 1);
  const path = pathPart.startsWith('/') ? pathPart : dir + pathPart;
  return `${b.origin}${removeDotSegments(path)}${rest}`;
}

function splitPath(value: string): [string, string] {
  const i = value.search(/[?#]/);
  return i < 0 ? [value, ''] : [value.slice(0, i), value.slice(i)];
}

/** Host name of an http(s) URL, lower-cased, without port; '' when there is none. */
export function hostOf(url: string): string {
  const m = /^https?:\/\/(?:[^@/?#]*@)?(\[[^\]]+\]|[^:/?#]+)/i.exec(url);
  return m?.[1] ? m[1].toLowerCase() : '';
}

/**
 * What a scan stores of a URL: scheme, host and path. Query strings and fragments are dropped
 * because they often carry personal data (emails, tokens, campaign ids) that scans must not keep.
 */
export function urlForStorage(url: string): string {
  const b = splitOrigin(url.trim());
  return b ? b.origin.toLowerCase() + b.path : '';
}
