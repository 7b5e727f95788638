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

    const PRICE_USD = 99;
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

    const paid = counts.total - counts.free;
    return e.json(200, {
      stats: { totalSites: counts.total, paidUsers: paid, freeTrials: counts.free, estimatedRevenue: paid * PRICE_USD },
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
