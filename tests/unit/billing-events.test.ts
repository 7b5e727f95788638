import { describe, expect, it } from 'vitest';
import { billingUpdateFromEvent, isStaleBillingUpdate, type BillingUpdate } from '../../src/lib/billing-events';

const PRICES = { price_s: 'starter', price_g: 'growth', price_e: 'enterprise' } as const;
const ev = (type: string, object: Record<string, unknown>) => ({ id: 'evt_1', type, data: { object } });
const parse = (e: unknown) => billingUpdateFromEvent(e, { ...PRICES });

describe('billingUpdateFromEvent', () => {
  it('reads the user, plan and Stripe ids of a completed checkout', () => {
    const r = parse(
      ev('checkout.session.completed', {
        id: 'cs_1',
        client_reference_id: 'u1',
        customer: 'cus_1',
        subscription: { id: 'sub_1' },
        metadata: { plan: 'growth' },
      }),
    );
    expect(r).toEqual({
      ok: true,
      update: {
        eventId: 'evt_1',
        type: 'checkout.session.completed',
        kind: 'checkout_completed',
        userId: 'u1',
        customerId: 'cus_1',
        subscriptionId: 'sub_1',
        sessionId: 'cs_1',
        plan: 'growth',
        status: 'active',
      },
    });
  });

  it('ignores a plan name that is not for sale', () => {
    const r = parse(ev('checkout.session.completed', { id: 'cs_1', metadata: { user_id: 'u2', plan: 'platinum' } }));
    expect(r.ok && r.update.plan).toBeUndefined();
    expect(r.ok && r.update.userId).toBe('u2');
  });

  it('takes the plan of an updated subscription from its price, and free when it ended', () => {
    const active = parse(
      ev('customer.subscription.updated', {
        id: 'sub_1',
        customer: 'cus_1',
        status: 'active',
        items: { data: [{ price: { id: 'price_e' } }] },
      }),
    );
    expect(active.ok && [active.update.plan, active.update.status]).toEqual(['enterprise', 'active']);
    const unpaid = parse(ev('customer.subscription.updated', { id: 'sub_1', status: 'unpaid', items: { data: [{ price: 'price_e' }] } }));
    expect(unpaid.ok && unpaid.update.plan).toBe('free');
    const trial = parse(
      ev('customer.subscription.created', { id: 'sub_2', status: 'trialing', metadata: { user_id: 'u1', plan: 'growth' } }),
    );
    expect(trial.ok && trial.update).toMatchObject({ kind: 'subscription_updated', userId: 'u1', plan: 'growth', status: 'trialing' });
    const incomplete = parse(
      ev('customer.subscription.updated', { id: 'sub_1', status: 'incomplete', items: { data: [{ price: 'price_e' }] } }),
    );
    expect(incomplete.ok && [incomplete.update.plan, incomplete.update.status]).toEqual([undefined, 'incomplete']);
    const unknown = parse(
      ev('customer.subscription.updated', { id: 'sub_1', status: 'active', items: { data: [{ price: { id: 'price_x' } }] } }),
    );
    expect(unknown.ok && unknown.update.plan).toBeUndefined();
  });

  it('drops a deleted subscription to free and marks a failed invoice past_due without changing the plan', () => {
    const del = parse(ev('customer.subscription.deleted', { id: 'sub_1', customer: 'cus_1' }));
    expect(del.ok && [del.update.plan, del.update.status]).toEqual(['free', 'canceled']);
    const failed = parse(ev('invoice.payment_failed', { customer: 'cus_1', parent: { subscription_details: { subscription: 'sub_9' } } }));
    expect(failed.ok && failed.update).toMatchObject({
      kind: 'payment_failed',
      customerId: 'cus_1',
      subscriptionId: 'sub_9',
      status: 'past_due',
    });
    expect(failed.ok && failed.update.plan).toBeUndefined();
  });

  it('ignores other event types and rejects malformed events', () => {
    expect(parse(ev('customer.created', { id: 'cus_1' }))).toMatchObject({ ok: true, update: { kind: 'ignore' } });
    for (const bad of [
      null,
      'x',
      [],
      {},
      { id: 'evt', type: 'x' },
      { id: 'evt', type: 'x', data: { object: [] } },
      { type: 'x', data: { object: {} } },
    ]) {
      expect(parse(bad).ok).toBe(false);
    }
  });
});

describe('isStaleBillingUpdate', () => {
  const update = (createdAt: number, kind: BillingUpdate['kind'] = 'subscription_updated'): BillingUpdate => ({
    kind,
    eventId: 'evt_1',
    type: 'customer.subscription.updated',
    subscriptionId: 'sub_1',
    createdAt,
  });
  const applied = { subscriptionId: 'sub_1', eventAt: 100, status: 'active' };

  it('refuses an event older than the last applied one for the same subscription', () => {
    expect(isStaleBillingUpdate(update(99), applied)).toBe(true);
    expect(isStaleBillingUpdate(update(100), applied)).toBe(false);
    expect(isStaleBillingUpdate(update(101), applied)).toBe(false);
  });

  it('lets a deletion win within the same second', () => {
    expect(isStaleBillingUpdate(update(100), { ...applied, status: 'canceled' })).toBe(true);
    expect(isStaleBillingUpdate(update(100, 'subscription_deleted'), { ...applied, status: 'canceled' })).toBe(false);
  });

  it('compares nothing for another subscription, without a time, or before any applied event', () => {
    expect(isStaleBillingUpdate({ ...update(1), subscriptionId: 'sub_2' }, applied)).toBe(false);
    expect(isStaleBillingUpdate({ ...update(1), createdAt: undefined }, applied)).toBe(false);
    expect(isStaleBillingUpdate(update(1), null)).toBe(false);
    expect(isStaleBillingUpdate(update(1), { ...applied, eventAt: 0 })).toBe(false);
  });
});
