// `npm run demo`: against a running `npm start` server (DEMO_URL, default http://127.0.0.1:8090),
// creates the demo account (demo@cro.local / trail-Runner-4821) and the whole loop on its site:
// the Enterprise plan (as the operator sets it), goals and a micro goal, a funnel, a rule live for
// half of the visitors with its health, a running A/B test, four weeks of realistic traffic sent
// through the real collect endpoint (the rule's and the test's exposures included), a few
// recorded sessions, a scheduled report and an AI Analysis. Deterministic (seeded, dates relative
// to now) and safe to re-run: each record is found before it is made, traffic and recordings are
// only added when the site has none (DEMO_FORCE=1 adds more traffic).
import PocketBase from 'pocketbase';
import { buildTraffic, sendTraffic, DESKTOP_UA } from './demo/traffic.mjs';
import { postRecording } from './demo/recordings.mjs';
import { postFormViews } from './demo/forms.mjs';
import { aiAnalysis, enterprisePlan, experiment, funnel, goals, report, rule } from './demo/records.mjs';

const URL_ = (process.env.DEMO_URL ?? `http://${process.env.PB_HTTP ?? '127.0.0.1:8090'}`).replace(/\/$/, '');
// Tests give each run its own account and domain (DEMO_EMAIL, DEMO_DOMAIN), so that runs side by
// side neither race to create the same records nor change the plan of each other's site.
const EMAIL = process.env.DEMO_EMAIL || 'demo@cro.local';
const PASSWORD = 'trail-Runner-4821';
// The demo shop the install serves itself (pocketbase/demoshop, on when `npm start` runs it on
// loopback): its visitors' origin is http://demo-shop.localhost:<the install's port>.
const SHOP_HOST = 'demo-shop.localhost';
const DOMAIN = process.env.DEMO_DOMAIN || SHOP_HOST;
const ORIGIN = DOMAIN === SHOP_HOST ? `http://${SHOP_HOST}:${new URL(URL_).port || 80}` : `https://${DOMAIN}`;
const DAYS = Number(process.env.DEMO_DAYS ?? 28);
// DEMO_TRAFFIC_ONLY=1: the account, site, goals and traffic alone (tests that set up the rest).
const TRAFFIC_ONLY = process.env.DEMO_TRAFFIC_ONLY === '1';
const RECORDED_VISITS = 5;
const log = (line) => console.log(`demo: ${line}`);

async function account() {
  const pb = new PocketBase(URL_);
  pb.autoCancellation(false);
  try {
    await pb.collection('users').authWithPassword(EMAIL, PASSWORD);
  } catch {
    await pb.collection('users').create({ email: EMAIL, password: PASSWORD, passwordConfirm: PASSWORD, name: 'Demo Owner' });
    await pb.collection('users').authWithPassword(EMAIL, PASSWORD);
  }
  return pb;
}

async function demoSite(pb) {
  const existing = await pb.collection('sites').getList(1, 1, { filter: pb.filter('domain = {:d}', { d: DOMAIN }) });
  return (
    existing.items[0] ??
    (await pb.collection('sites').create({ user_id: pb.authStore.record.id, domain: DOMAIN, industry_category: 'ecommerce' }))
  );
}

/** The Overview's website scan of the demo shop, through the real route; a failure is reported, not fatal. */
async function scan(pb, siteId) {
  try {
    const result = await pb.send('/api/cro/site-scan', { method: 'POST', body: { siteId } });
    log(`website scan of ${result.url}: ${result.totalFindings} findings`);
  } catch (err) {
    log(
      `website scan failed (${err?.response?.message ?? err?.message}); the demo shop is served only by \`npm start\` (CRO_DEMO_SHOP_ADDRESS)`,
    );
  }
}

async function main() {
  const started = Date.now();
  try {
    await fetch(`${URL_}/api/health`);
  } catch {
    console.error(`demo: no server at ${URL_}. Start it with \`npm start\` (or set DEMO_URL) and run again.`);
    process.exit(1);
  }
  const pb = await account();
  // The plan first: an account from an older demo already has a site, and the free plan allows one.
  let loop = !TRAFFIC_ONLY;
  if (loop && !(await enterprisePlan(URL_, pb.authStore.record.id))) {
    log('no superuser credentials (.data/superuser.txt, written by `npm start`, or DEMO_SUPERUSER_EMAIL/PASSWORD):');
    log('the site stays on the free plan, with traffic only (no rule, A/B test, recordings, report or AI Analysis).');
    loop = false;
  }
  const site = await demoSite(pb);
  const { purchase } = await goals(pb, site.id);
  let ruleId = '';
  let experimentId = '';
  if (loop) {
    await funnel(pb, site.id, purchase);
    ruleId = (await rule(pb, site.id)).id;
    experimentId = (await experiment(pb, site.id, purchase)).id;
    log('goals, funnel, a rule live at 50% and a running A/B test are in place');
  }

  const kpis = await pb.send(`/api/cro/kpis/${site.id}`, {});
  let jobs = [];
  if (kpis.month.sessions > 0 && !process.env.DEMO_FORCE) {
    log('the demo site already has traffic (set DEMO_FORCE=1 to add more).');
  } else {
    jobs = buildTraffic({ now: Date.now(), days: DAYS, origin: ORIGIN, key: site.public_key, rule: ruleId, experiment: experimentId });
    const { sent, events } = await sendTraffic(jobs, {
      url: URL_,
      origin: ORIGIN,
      countryHeader: process.env.CRO_COUNTRY_HEADER ?? '',
      log,
    });
    log(`sent ${sent} sessions (${events} events) over ${DAYS} days through ${URL_}/api/cro/collect`);
  }

  if (loop) {
    const recorded = await pb.collection('session_recordings').getList(1, 1, { filter: pb.filter('site_id = {:s}', { s: site.id }) });
    const today = jobs.filter((j) => j.ua === DESKTOP_UA && j.pages.length >= 3 && j.pages[0].ts > Date.now() - 86_400_000);
    if (recorded.totalItems === 0 && today.length > 0) {
      for (const job of today.slice(0, RECORDED_VISITS)) await postRecording({ url: URL_, origin: ORIGIN, key: site.public_key, job });
      log(`recorded ${Math.min(today.length, RECORDED_VISITS)} sessions`);
    }
    const forms = await postFormViews({ url: URL_, origin: ORIGIN, key: site.public_key, jobs: today.slice(0, 10) });
    log(`${forms} visits filled the checkout form`);
    await pb.send('/api/cro/verify-tracking', { method: 'POST', body: { siteId: site.id } });
    await pb.send('/api/cro/evaluate-health', { method: 'POST', body: { siteId: site.id } });
    await scan(pb, site.id);
    await report(pb, site.id, EMAIL);
    await aiAnalysis(pb, site.id);
    log('tracking verified, rule health evaluated, a weekly report scheduled and an AI Analysis run');
  }

  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log('');
  console.log(`  Demo dashboard: ${URL_}/dashboard`);
  console.log(`  Sign in as:     ${EMAIL}`);
  console.log(`  Password:       ${PASSWORD}`);
  console.log(`  Demo site:      ${DOMAIN} (tracker snippet key ${site.public_key})`);
  if (DOMAIN === SHOP_HOST) console.log(`  Demo shop:      ${ORIGIN}/`);
}

main().catch((err) => {
  console.error('demo failed:', err?.message ?? err, err?.response ? JSON.stringify(err.response) : '');
  process.exit(1);
});
