// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Platform admin (user_roles admin): stats and recent registrations across all users' sites.
// Only the four registration fields leave the server.

routerAdd(
  'GET',
  '/api/cro/admin/overview',
  (e) => {
    const isAdmin = e.app.countRecords('user_roles', $dbx.hashExp({ user_id: e.auth.id, role: 'admin' })) > 0;
    if (!isAdmin) throw new ForbiddenError('Admins only');

    const domain = require(`${__hooks}/lib/generated/domain.js`);
    const limit = 50;
    const counts = new DynamicModel({ total: 0, free: 0 });
    e.app
      .db()
      .newQuery(
        "SELECT COUNT(*) AS total, COALESCE(SUM(CASE WHEN plan_tier = '' OR plan_tier = 'free' THEN 1 ELSE 0 END), 0) AS free FROM sites",
      )
      .one(counts);
    const rows = arrayOf(new DynamicModel({ domain: '', plan_tier: '', subscription_status: '', created_at: '' }));
    e.app
      .db()
      .newQuery('SELECT domain, plan_tier, subscription_status, created_at FROM sites ORDER BY created_at DESC, id DESC LIMIT {:limit}')
      .bind({ limit: limit })
      .all(rows);

    // Paying accounts and their revenue at each plan's price: a $990 Enterprise account is not a
    // $99 one, and an owner's three sites are one paying user.
    const plans = arrayOf(new DynamicModel({ plan_tier: '' }));
    e.app
      .db()
      .newQuery("SELECT plan_tier FROM subscriptions WHERE plan_tier NOT IN ('', 'free') AND subscription_status IN ('active', 'past_due')")
      .all(plans);
    const revenue = domain.estimatedMonthlyRevenue(plans.map((p) => p.plan_tier));
    return e.json(200, {
      stats: { totalSites: counts.total, paidUsers: plans.length, freeTrials: counts.free, estimatedRevenue: revenue },
      registrations: rows.map((r) => ({
        domain: r.domain,
        plan_tier: r.plan_tier || 'free',
        subscription_status: r.subscription_status,
        created_at: r.created_at,
      })),
    });
  },
  $apis.requireAuth('users'),
  $apis.bodyLimit(4 << 10),
);
