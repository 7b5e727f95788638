// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Health monitoring of deployed optimizations: on a schedule (CRO_HEALTH_CRON, every minute by
// default, "off" disables it so tests control when evaluation runs) for each site with enabled
// rules, and on demand (POST /api/cro/evaluate-health {siteId}) for superusers and the site's editors.

const healthSchedule = $os.getenv('CRO_HEALTH_CRON') || '*/1 * * * *';
if (healthSchedule !== 'off')
  cronAdd('optimization_health', healthSchedule, () => {
    const evaluator = require(`${__hooks}/lib/health_eval.js`);
    const rows = arrayOf(new DynamicModel({ site_id: '' }));
    $app.db().newQuery('SELECT DISTINCT site_id FROM optimization_rules WHERE enabled = TRUE').all(rows);
    rows.forEach((row) => {
      try {
        evaluator.evaluateSite($app, row.site_id);
      } catch (err) {
        $app.logger().error('Health evaluation failed', 'siteId', row.site_id, 'error', String(err));
      }
    });
  });

routerAdd(
  'POST',
  '/api/cro/evaluate-health',
  (e) => {
    const body = e.requestInfo().body || {};
    const siteId = typeof body.siteId === 'string' ? body.siteId : '';
    if (!siteId) throw new BadRequestError('The site id (siteId) is required.');
    require(`${__hooks}/lib/site_guard.js`).requireSiteRole(e, siteId, 'editor', {
      superusers: true,
      notFound: 'Site not found.',
      forbidden: 'Only editors, admins and owners can run a health evaluation.',
    });
    const result = require(`${__hooks}/lib/health_eval.js`).evaluateSite(e.app, siteId);
    return e.json(200, result);
  },
  $apis.requireAuth(),
  $apis.bodyLimit(4 << 10),
);

// Health metrics are derived from raw events and kept as long as they are (CRO_EVENT_RETENTION_DAYS,
// 90 by default; 0 keeps everything). Rollback records keep the figures that triggered them.
cronAdd('optimization_health_retention', '27 3 * * *', () => {
  const days = parseFloat($os.getenv('CRO_EVENT_RETENTION_DAYS') || '90');
  if (!(days > 0)) return;
  const cutoff = new Date(Date.now() - days * 86400000).toISOString().replace('T', ' ');
  $app.db().newQuery('DELETE FROM optimization_health_metrics WHERE recorded_at < {:cutoff}').bind({ cutoff: cutoff }).execute();
});
