/**
 * Normalises what a user types as a domain ("https://WWW.Shop.com/path?x" -> "www.shop.com")
 * and validates it as a public DNS hostname. Used by the Settings form and the sites hook.
 */
export type DomainResult = { ok: true; domain: string } | { ok: false; error: string };

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function normalizeDomain(input: string): DomainResult {
  let text = String(input ?? '')
    .trim()
    .toLowerCase();
  if (!text) return { ok: false, error: 'Please enter a domain name' };
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, ''); // scheme
  text = text.replace(/^[^@/]*@/, ''); // credentials
  text = text.split(/[/?#]/)[0] ?? '';
  text = text.replace(/:\d+$/, '').replace(/\.$/, '');
  if (text.length > 253) return { ok: false, error: 'Domain name is too long' };
  const labels = text.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || /^\d+$/.test(labels[labels.length - 1] ?? '')) {
    return { ok: false, error: `"${String(input).trim()}" is not a valid domain name` };
  }
  return { ok: true, domain: text };
}
