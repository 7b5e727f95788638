// `npm run stripe:setup`: creates (once) the Stripe products and monthly prices of the paid plans
// and prints the environment lines the server needs. Safe to run again: it finds what exists by
// price lookup key and product metadata. Optional: `-- --webhook-url https://your.app/api/cro/stripe-webhook`
// also registers the webhook endpoint for the events the server handles and prints its secret.
//
// Needs STRIPE_SECRET_KEY (a test key, sk_test_...; live keys only with --allow-live).
// STRIPE_API_BASE points it elsewhere (e.g. stripe-mock: http://127.0.0.1:12111).
import Stripe from 'stripe';

const PLANS = [
  {
    plan: 'starter',
    name: 'Starter',
    amount: 7900,
    description: 'Up to 25,000 visitors a month, limited A/B testing, basic heatmaps, weekly reports',
  },
  {
    plan: 'growth',
    name: 'Growth',
    amount: 29900,
    description: 'Up to 100,000 visitors a month, advanced A/B testing, full heatmaps and recordings, priority support, daily reports',
  },
  {
    plan: 'enterprise',
    name: 'Enterprise & Ecom',
    amount: 99000,
    description: 'Unlimited visitors, dedicated CRO workers, ecommerce features, white label, API access, 24/7 support',
  },
];
const EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
];

const args = process.argv.slice(2);
const key = (process.env.STRIPE_SECRET_KEY || '').trim();
if (!key) fail('Set STRIPE_SECRET_KEY to a Stripe test secret key (sk_test_...). Find it at https://dashboard.stripe.com/test/apikeys');
if (key.startsWith('sk_live_') && !args.includes('--allow-live'))
  fail('Refusing to use a live key: pass --allow-live if you really mean it.');
const webhookUrl = args.includes('--webhook-url') ? args[args.indexOf('--webhook-url') + 1] : '';
if (args.includes('--webhook-url') && !/^https?:\/\//.test(webhookUrl ?? '')) fail('--webhook-url needs an absolute URL');

const stripe = new Stripe(key, clientOptions(process.env.STRIPE_API_BASE));
const lines = [`STRIPE_SECRET_KEY=${key.slice(0, 8)}...   # keep your full key`];

try {
  for (const p of PLANS) {
    const lookupKey = `cro_${p.plan}_monthly`;
    const existing = (await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 })).data[0];
    let price = existing && existing.unit_amount === p.amount && existing.recurring?.interval === 'month' ? existing : undefined;
    if (price) {
      console.error(`= ${p.name}: price ${price.id} exists`);
    } else {
      const product = await findOrCreateProduct(p);
      // transfer_lookup_key moves the key from an outdated price (e.g. a changed amount).
      price = await stripe.prices.create({
        product: product.id,
        currency: 'usd',
        unit_amount: p.amount,
        recurring: { interval: 'month' },
        lookup_key: lookupKey,
        transfer_lookup_key: true,
        metadata: { cro_plan: p.plan },
      });
      console.error(`+ ${p.name}: created price ${price.id}`);
    }
    lines.push(`STRIPE_PRICE_${p.plan.toUpperCase()}=${price.id}`);
  }

  if (webhookUrl) {
    const endpoints = await stripe.webhookEndpoints.list({ limit: 100 });
    const found = endpoints.data.find((w) => w.url === webhookUrl);
    if (found) {
      await stripe.webhookEndpoints.update(found.id, { enabled_events: EVENTS });
      console.error(`= webhook ${found.id} exists (its signing secret is shown in the Stripe dashboard)`);
    } else {
      const created = await stripe.webhookEndpoints.create({
        url: webhookUrl,
        enabled_events: EVENTS,
        description: 'CRO platform: plans and payment failures',
      });
      console.error(`+ webhook ${created.id} created`);
      lines.push(`STRIPE_WEBHOOK_SECRET=${created.secret ?? '(shown in the Stripe dashboard)'}`);
    }
  } else {
    lines.push(
      '# STRIPE_WEBHOOK_SECRET=whsec_...  (run with --webhook-url <APP_URL>/api/cro/stripe-webhook, or `stripe listen --forward-to ...`)',
    );
  }
} catch (err) {
  fail(`Stripe refused a request: ${err instanceof Error ? err.message : String(err)}`);
}

console.log('\n# Add to the server environment:');
console.log(lines.join('\n'));

async function findOrCreateProduct(p) {
  for await (const product of stripe.products.list({ active: true, limit: 100 })) {
    if (product.metadata?.cro_plan === p.plan) return product;
  }
  return stripe.products.create({ name: p.name, description: p.description, metadata: { cro_plan: p.plan } });
}

function clientOptions(base) {
  if (!base) return {};
  const url = new URL(base);
  return { host: url.hostname, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)), protocol: url.protocol.replace(':', '') };
}

function fail(message) {
  console.error(`stripe:setup: ${message}`);
  process.exit(1);
}
