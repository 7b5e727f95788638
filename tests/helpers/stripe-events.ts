/** Builds Stripe webhook events and signs them with the stripe package's test-header helper. */
import Stripe from 'stripe';

export const WEBHOOK_SECRET = 'whsec_test_secret_for_integration';
let counter = 0;

export function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_test_${Date.now()}_${++counter}`) {
  return {
    id,
    object: 'event',
    api_version: '2024-06-20',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    data: { object },
  };
}

export function signedHeaders(payload: string, options: { secret?: string; timestamp?: number } = {}): Record<string, string> {
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
  });
  return { 'Content-Type': 'application/json', 'Stripe-Signature': header };
}

export async function postWebhook(
  baseUrl: string,
  payload: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${baseUrl}/api/cro/stripe-webhook`, { method: 'POST', body: payload, headers });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}
