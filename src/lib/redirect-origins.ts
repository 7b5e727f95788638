/** Checkout return URLs must stay on the product's own origins (no open redirect through Stripe). */
export function parseOrigins(list: string): string[] {
  const out: string[] = [];
  for (const part of list.split(',')) {
    const origin = originOf(part.trim());
    if (origin && !out.includes(origin)) out.push(origin);
  }
  return out;
}

export function originOf(url: string): string | null {
  const m = /^(https?):\/\/([a-z0-9.-]+|\[[0-9a-f:]+\])(:\d{1,5})?(?:[/?#]|$)/i.exec(url);
  if (!m) return null;
  const [, rawScheme = '', host = '', rawPort = ''] = m;
  const scheme = rawScheme.toLowerCase();
  const port = rawPort && !((scheme === 'http' && rawPort === ':80') || (scheme === 'https' && rawPort === ':443')) ? rawPort : '';
  return `${scheme}://${host.toLowerCase()}${port}`;
}

/** True when `url` is an absolute http(s) URL on one of the allowed origins. */
export function isAllowedReturnUrl(url: unknown, allowedOrigins: string[]): boolean {
  if (typeof url !== 'string' || url.length > 2000 || /[\s\\]/.test(url)) return false;
  const origin = originOf(url);
  return origin !== null && allowedOrigins.includes(origin);
}

/**
 * The success URL Stripe returns to, carrying the Checkout Session's id (Stripe fills in the
 * literal `{CHECKOUT_SESSION_ID}`), so /payment-success can ask the server about that checkout only.
 */
export function withCheckoutSessionId(successUrl: string): string {
  const hash = successUrl.indexOf('#');
  const base = hash >= 0 ? successUrl.slice(0, hash) : successUrl;
  return `${base}${base.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`;
}
