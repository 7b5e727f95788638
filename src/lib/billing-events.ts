/**
 * What a Stripe webhook event means for a user's plan: a pure mapping, used by the server's
 * webhook hook and unit-tested. The hook then finds the user (by the reference it sent to Stripe,
 * else by the Stripe customer or subscription id) and writes plan_tier and subscription_status.
 */
import { isCheckoutPlan, type CheckoutPlan } from './plan-catalogue';
import type { PlanTier } from './plans';

export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
] as const;

export interface BillingUpdate {
  /** 'ignore' for event types the product does not act on. */
  kind: 'checkout_completed' | 'subscription_updated' | 'subscription_deleted' | 'payment_failed' | 'ignore';
  eventId: string;
  type: string;
  userId?: string;
  customerId?: string;
  subscriptionId?: string;
  sessionId?: string;
  /** The new plan tier; absent when the event does not change it. */
  plan?: PlanTier;
  /** The new subscription_status; absent when the event does not change it. */
  status?: string;
  /** When Stripe created the event (Unix seconds); Stripe does not deliver events in order. */
  createdAt?: number;
}

/** What the server last applied to a user's subscription row. */
export interface AppliedBilling {
  subscriptionId: string;
  /** `createdAt` of the last applied event (0 when unknown). */
  eventAt: number;
  status: string;
}

export type BillingParse = { ok: true; update: BillingUpdate } | { ok: false; error: string };

/** Subscription statuses after which the user no longer has the paid plan. */
const ENDED_STATUSES = ['canceled', 'unpaid', 'incomplete_expired'];
/** Statuses that grant the subscription's plan (others, e.g. incomplete or paused, leave it be). */
const GRANTING_STATUSES = ['active', 'trialing', 'past_due'];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 && v.length <= 255 ? v : undefined);
/** Stripe sends either an id or the expanded object. */
const idOf = (v: unknown): string | undefined => str(v) ?? (isObj(v) ? str(v.id) : undefined);
const meta = (o: Obj, key: string): string | undefined => (isObj(o.metadata) ? str(o.metadata[key]) : undefined);

function planFromSubscription(sub: Obj, priceToPlan: Record<string, CheckoutPlan>): CheckoutPlan | undefined {
  const items = isObj(sub.items) && Array.isArray(sub.items.data) ? sub.items.data : [];
  for (const item of items) {
    const priceId = isObj(item) ? idOf(item.price) : undefined;
    if (priceId && priceToPlan[priceId]) return priceToPlan[priceId];
  }
  const fromMeta = meta(sub, 'plan');
  return isCheckoutPlan(fromMeta) ? fromMeta : undefined;
}

function invoiceSubscription(inv: Obj): string | undefined {
  const direct = idOf(inv.subscription);
  if (direct) return direct;
  // API versions from 2025 move it under parent.subscription_details.
  const parent = isObj(inv.parent) ? inv.parent : undefined;
  const details = parent && isObj(parent.subscription_details) ? parent.subscription_details : undefined;
  return details ? idOf(details.subscription) : undefined;
}

export function billingUpdateFromEvent(event: unknown, priceToPlan: Record<string, CheckoutPlan>): BillingParse {
  if (!isObj(event)) return { ok: false, error: 'Invalid event payload' };
  const eventId = str(event.id);
  const type = str(event.type);
  const object = isObj(event.data) && isObj(event.data.object) ? event.data.object : undefined;
  if (!eventId || !type || !object) return { ok: false, error: 'Invalid event payload' };
  const created = typeof event.created === 'number' && Number.isFinite(event.created) ? Math.floor(event.created) : undefined;
  const base = { eventId, type, createdAt: created };

  switch (type) {
    case 'checkout.session.completed': {
      const plan = meta(object, 'plan');
      return {
        ok: true,
        update: {
          ...base,
          kind: 'checkout_completed',
          userId: str(object.client_reference_id) ?? meta(object, 'user_id'),
          customerId: idOf(object.customer),
          subscriptionId: idOf(object.subscription),
          sessionId: str(object.id),
          plan: isCheckoutPlan(plan) ? plan : undefined,
          status: 'active',
        },
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated': {
      const status = str(object.status);
      const ended = status !== undefined && ENDED_STATUSES.includes(status);
      const grants = status !== undefined && GRANTING_STATUSES.includes(status);
      return {
        ok: true,
        update: {
          ...base,
          kind: 'subscription_updated',
          userId: meta(object, 'user_id'),
          customerId: idOf(object.customer),
          subscriptionId: str(object.id),
          plan: ended ? 'free' : grants ? planFromSubscription(object, priceToPlan) : undefined,
          status,
        },
      };
    }
    case 'customer.subscription.deleted':
      return {
        ok: true,
        update: {
          ...base,
          kind: 'subscription_deleted',
          userId: meta(object, 'user_id'),
          customerId: idOf(object.customer),
          subscriptionId: str(object.id),
          plan: 'free',
          status: 'canceled',
        },
      };
    case 'invoice.payment_failed':
      return {
        ok: true,
        update: {
          ...base,
          kind: 'payment_failed',
          customerId: idOf(object.customer),
          subscriptionId: invoiceSubscription(object),
          status: 'past_due',
        },
      };
    default:
      return { ok: true, update: { ...base, kind: 'ignore' } };
  }
}

/**
 * True when an event about the subscription the user's row holds is older than the event last
 * applied to it, so applying it would undo newer state (e.g. an earlier "updated" arriving after
 * "deleted" would bring the paid plan back). Within one second, a deletion wins.
 */
export function isStaleBillingUpdate(update: BillingUpdate, applied: AppliedBilling | null): boolean {
  if (!applied || !update.createdAt || !applied.eventAt) return false;
  if (!update.subscriptionId || update.subscriptionId !== applied.subscriptionId) return false;
  if (update.createdAt < applied.eventAt) return true;
  return update.createdAt === applied.eventAt && applied.status === 'canceled' && update.kind !== 'subscription_deleted';
}
