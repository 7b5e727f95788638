// The demo site's records, made through the API as their owner (and the plan as the operator
// makes it): each is found by name first, so that running the demo again adds nothing.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import PocketBase from 'pocketbase';

const firstOf = async (pb, collection, filter, params) =>
  (await pb.collection(collection).getList(1, 1, { filter: pb.filter(filter, params) })).items[0];

/** The operator's credentials: DEMO_SUPERUSER_EMAIL/PASSWORD, else what `npm start` wrote. */
function superuserCredentials() {
  if (process.env.DEMO_SUPERUSER_EMAIL && process.env.DEMO_SUPERUSER_PASSWORD) {
    return { email: process.env.DEMO_SUPERUSER_EMAIL, password: process.env.DEMO_SUPERUSER_PASSWORD };
  }
  const file = join(dirname(process.env.PB_DATA_DIR ?? '.data/pb_data'), 'superuser.txt');
  if (!existsSync(file)) return null;
  const text = readFileSync(file, 'utf8');
  const email = /email: (.+)/.exec(text)?.[1];
  const password = /password: (.+)/.exec(text)?.[1];
  return email && password ? { email, password } : null;
}

/**
 * The Enterprise plan for the demo owner, as the operator sets it without payments (README, Plans
 * on an install without payments): the user's subscriptions row, which the owner's sites follow.
 */
export async function enterprisePlan(url, userId) {
  const creds = superuserCredentials();
  if (!creds) return false;
  const admin = new PocketBase(url);
  admin.autoCancellation(false);
  try {
    await admin.collection('_superusers').authWithPassword(creds.email, creds.password);
  } catch (err) {
    throw new Error(`the superuser credentials (${creds.email}) were refused (${err?.status}): is DEMO_URL the server they belong to?`, {
      cause: err,
    });
  }
  const row = await firstOf(admin, 'subscriptions', 'user_id = {:u}', { u: userId });
  const plan = { user_id: userId, plan_tier: 'enterprise', subscription_status: 'active' };
  if (!row) await admin.collection('subscriptions').create(plan);
  else if (row.plan_tier !== 'enterprise' || row.subscription_status !== 'active')
    await admin.collection('subscriptions').update(row.id, plan);
  return true;
}

async function findOrCreate(pb, collection, siteId, name, body) {
  return (
    (await firstOf(pb, collection, 'site_id = {:s} && name = {:n}', { s: siteId, n: name })) ??
    (await pb.collection(collection).create({ site_id: siteId, name, ...body }))
  );
}

/** Goals: a purchase, a newsletter sign-up, and adding to the cart as a micro goal. */
export async function goals(pb, siteId) {
  const purchase = await findOrCreate(pb, 'goals', siteId, 'Purchase', { type: 'event', match: 'purchase', enabled: true });
  await findOrCreate(pb, 'goals', siteId, 'Newsletter signup', { type: 'url', match: '/newsletter/thanks', value: 0, enabled: true });
  await findOrCreate(pb, 'goals', siteId, 'Add to cart', { type: 'event', match: 'add_to_cart', value: 1, micro: true, enabled: true });
  return { purchase };
}

export const funnel = (pb, siteId, purchase) =>
  findOrCreate(pb, 'funnels', siteId, 'Product to purchase', {
    steps: [
      { kind: 'page', match: '/products/*' },
      { kind: 'page', match: '/cart' },
      { kind: 'page', match: '/checkout' },
      { kind: 'goal', goal: purchase.id },
    ],
  });

/** A rule live for half of the visitors of the product pages. */
export const rule = (pb, siteId) =>
  findOrCreate(pb, 'optimization_rules', siteId, 'Free shipping on the add-to-cart button', {
    rule_type: 'cta_text',
    url_pattern: '/products/*',
    selector: 'button.add-to-cart',
    changes: [{ type: 'set_text', value: 'Add to cart, free shipping' }],
    enabled: true,
    rollout_percentage: 50,
  });

/** A running A/B test of the product pages' headline, on the purchase goal. */
export async function experiment(pb, siteId, purchase) {
  const x = await findOrCreate(pb, 'experiments', siteId, 'Benefit headline on product pages', {
    hypothesis: 'A headline that names free shipping and returns gets more visitors to the cart',
    selector: 'main h1',
    url_pattern: '/products/*',
    variants: [
      { key: 'control', name: 'Control', weight: 0.5, changes: [] },
      { key: 'b', name: 'Benefit headline', weight: 0.5, changes: [{ type: 'set_text', value: 'Free shipping, thirty-day returns' }] },
    ],
    primary_goal: purchase.id,
    secondary_goals: ['revenue'],
    guardrails: [{ metric: 'error_rate', threshold: 10 }],
    minimum_detectable_effect: 10,
    planned_sample_size: 2000,
  });
  return x.status === 'draft' ? pb.collection('experiments').update(x.id, { status: 'running' }) : x;
}

export const report = (pb, siteId, email) =>
  findOrCreate(pb, 'scheduled_reports', siteId, 'Weekly performance', {
    report_type: 'performance',
    frequency: 'weekly',
    format: 'pdf',
    recipients: [email],
    enabled: true,
  });

/** One AI Analysis (the built-in engine answers without an AI key), unless one was run. */
export async function aiAnalysis(pb, siteId) {
  if (await firstOf(pb, 'ai_analyses', 'site_id = {:s}', { s: siteId })) return;
  await pb.send('/api/cro/ai/analysis', { method: 'POST', body: { siteId } });
}
