// @ts-check
// Health evaluation of a site's enabled optimization rules from the tracker's telemetry, as the
// event store ($analytics.ruleHealth) counts it over the last 24 hours:
//   type 'exposure'    rule = rule id   the visitor's page had the rule applied
//   type 'apply_error' rule = rule id   applying it failed (selector missing, change threw)
//   type 'error'                         a page error (after an exposure in the same session counts)
//   type 'conversion'                    a goal conversion
// Statistics live in src/lib/health.ts (evaluateRuleHealth); this file gathers the counts, writes
// optimization_health_metrics, sets the rule's and the site's health_status and rolls back
// automatically through rule_audit.rollback when the rule allows it. Telemetry is anyone's to post,
// so evaluateRuleHealth judges critical only on evidence from many visitors and client sources; a
// borderline case (too few sources) is a warning the owner is notified of instead of a rollback.
module.exports = {
  WINDOW_MS: 24 * 60 * 60 * 1000,

  /** Evaluates every enabled rule of the site; returns what it found and did. */
  evaluateSite: function (app, siteId) {
    const self = require(`${__hooks}/lib/health_eval.js`);
    const lib = require(`${__hooks}/lib/generated/domain.js`);
    const audit = require(`${__hooks}/lib/rule_audit.js`);
    const jsonField = require(`${__hooks}/lib/json_field.js`);
    const site = app.findRecordById('sites', siteId);
    const threshold = site.getFloat('error_threshold_percentage');
    const sinceMs = Date.now() - self.WINDOW_MS;
    const rules = app.findRecordsByFilter('optimization_rules', 'site_id = {:site} && enabled = true', '-priority', 0, 0, { site: siteId });
    const results = [];
    const statuses = [];
    let rolledBackAny = false;

    rules.forEach((rule) => {
      const t = $analytics.ruleHealth(siteId, rule.id, sinceMs);
      const health = lib.evaluateRuleHealth(t, threshold);
      const sampleKey = JSON.stringify(t);
      const hasData = t.exposedSessions > 0 || t.applyFailures > 0;
      let written = false;
      if (hasData) {
        // One set of metrics per new sample: the cron runs every minute, telemetry arrives slower.
        let last;
        try {
          const recent = app.findRecordsByFilter(
            'optimization_health_metrics',
            "rule_id = {:rule} && metric_type = 'error_rate'",
            '-recorded_at',
            1,
            0,
            { rule: rule.id },
          );
          last = recent.length ? recent[0] : null;
        } catch (_) {
          last = null;
        }
        const lastKey = last ? (jsonField(last, 'details') || {}).sample_key : null;
        if (lastKey !== sampleKey) {
          const col = app.findCollectionByNameOrId('optimization_health_metrics');
          health.metrics.forEach((m) => {
            const rec = new Record(col);
            rec.set('site_id', siteId);
            rec.set('rule_id', rule.id);
            rec.set('metric_type', m.metric_type);
            rec.set('value', m.value);
            rec.set('threshold_exceeded', m.threshold_exceeded);
            rec.set('details', Object.assign({ sample_key: sampleKey }, m.details));
            app.save(rec);
          });
          written = true;
        }
      }

      let rolledBack = false;
      const previousStatus = rule.getString('health_status');
      if (health.status === 'critical' && rule.getBool('auto_rollback_enabled')) {
        const figures = {};
        health.metrics.forEach((m) => (figures[m.metric_type] = m.value));
        audit.rollback(app, rule, 'automatic', `Automatic rollback: ${health.reason}`, '', { metrics: figures, telemetry: t });
        rolledBack = true;
        rolledBackAny = true;
      } else {
        if (previousStatus !== health.status) {
          const fresh = app.findRecordById('optimization_rules', rule.id);
          fresh.set('health_status', health.status);
          app.save(fresh);
          const label = `${rule.getString('name') || rule.getString('rule_type')} on ${site.getString('domain')}`;
          if (health.status === 'critical') {
            require(`${__hooks}/lib/notify.js`).notify(app, {
              user: site.getString('user_id'),
              site: siteId,
              type: 'alert',
              title: 'Optimization health critical',
              message: `${label}: ${health.reason}`,
              link: '/dashboard/safety',
            });
          } else if (health.warningReason) {
            // Enough to worry, not enough to act on: the owner decides.
            require(`${__hooks}/lib/notify.js`).notify(app, {
              user: site.getString('user_id'),
              site: siteId,
              type: 'alert',
              title: 'Optimization health warning',
              message: `${label}: ${health.warningReason}. Not rolled back automatically.`.slice(0, 1000),
              link: '/dashboard/safety',
            });
          }
        }
        statuses.push(health.status);
      }
      results.push({
        ruleId: rule.id,
        status: rolledBack ? 'disabled' : health.status,
        rolledBack: rolledBack,
        reason: health.reason,
        warningReason: health.warningReason,
        metricsWritten: written,
        metrics: health.metrics,
        telemetry: t,
      });
    });

    // A rollback fixed the problem but still needs a look: the site shows a warning.
    let siteHealth = lib.worstHealth(statuses);
    if (rolledBackAny && siteHealth === 'healthy') siteHealth = 'warning';
    if (site.getString('health_status') !== siteHealth) {
      const freshSite = app.findRecordById('sites', siteId);
      freshSite.set('health_status', siteHealth);
      app.save(freshSite);
    }
    return { siteId: siteId, siteHealth: siteHealth, rules: results };
  },
};
