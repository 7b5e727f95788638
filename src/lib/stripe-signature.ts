/**
 * Parsing and freshness of Stripe's `Stripe-Signature` header (`t=<unix>,v1=<hex>[,v1=...]`).
 * The HMAC itself is computed by the caller (the server hook uses $security.hs256 and a
 * constant-time compare) over `${timestamp}.${rawBody}`.
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface ParsedSignature {
  timestamp: number;
  /** Every v1 signature given (Stripe sends several while a secret is being rolled). */
  signatures: string[];
}

export function parseStripeSignature(header: unknown): ParsedSignature | null {
  if (typeof header !== 'string' || header.length === 0 || header.length > 2000) return null;
  let timestamp = NaN;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (!Number.isFinite(timestamp) || signatures.length === 0) return null;
  return { timestamp, signatures };
}

/** True when the signed timestamp is within the tolerance of now (both in seconds). */
export function isFreshSignature(timestamp: number, nowSeconds: number, tolerance = SIGNATURE_TOLERANCE_SECONDS): boolean {
  return Math.abs(nowSeconds - timestamp) <= tolerance;
}
