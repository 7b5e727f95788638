// @ts-check
// CRO Workers: built-in optimization modules an Enterprise site switches on. Each worker is a
// managed optimization rule (rule_type 'worker_<key>') that the tracker applies like any other
// rule, so workers share rollout, telemetry, health monitoring and automatic rollback.
/**
 * Most workers are a stylesheet injected on every page.
 * @param {string} css
 */
function cssOnEveryPage(css) {
  return { url_pattern: '*', selector: '', changes: [{ type: 'inject_css', value: css }] };
}

module.exports = {
  WORKERS: [
    {
      key: 'sticky_cta',
      name: 'Sticky Call-to-Action',
      category: 'conversion',
      beta: false,
      description: 'Keeps the primary call-to-action pinned to the bottom of the screen on phones.',
      rule: cssOnEveryPage(
        '@media (max-width:768px){.add-to-cart,[data-cro-cta],button[name=add]{position:sticky;bottom:0;z-index:50;width:100%}}',
      ),
    },
    {
      key: 'lazy_images',
      name: 'Lazy Image Loading',
      category: 'performance',
      beta: false,
      description: 'Defers off-screen images (every image after the first) so the page becomes usable sooner.',
      rule: {
        url_pattern: '*',
        selector: 'img:not([loading]):not(:first-of-type)',
        changes: [{ type: 'set_attribute', name: 'loading', value: 'lazy' }],
      },
    },
    {
      key: 'checkout_trust',
      name: 'Checkout Trust Badges',
      category: 'trust',
      beta: false,
      description: 'Adds a secure-payment note under the checkout button, where buyers look for reassurance.',
      rule: {
        url_pattern: '/checkout*',
        selector: '#place-order, #checkout-button, button[name=checkout]',
        changes: [
          {
            type: 'insert_after',
            value: '<p class="cro-secure" style="font-size:13px;color:#374151;margin-top:6px">🔒 Secure checkout · SSL encrypted</p>',
          },
        ],
      },
    },
    {
      key: 'inline_validation',
      name: 'Form Inline Validation',
      category: 'forms',
      beta: false,
      description: 'Marks invalid and valid fields as visitors leave them, before they submit.',
      rule: cssOnEveryPage(
        'input:user-invalid,select:user-invalid,textarea:user-invalid{border-color:#dc2626!important;box-shadow:0 0 0 1px #dc2626}input:user-valid{border-color:#16a34a}',
      ),
    },
    {
      key: 'shipping_banner',
      name: 'Free-Shipping Banner',
      category: 'conversion',
      beta: true,
      description: 'Shows a slim banner at the top of every page stating your shipping offer.',
      rule: {
        url_pattern: '*',
        selector: 'body > :first-child',
        changes: [
          {
            type: 'insert_before',
            value:
              '<div class="cro-banner" style="background:#111827;color:#fff;text-align:center;padding:6px;font-size:14px">Free shipping and free returns on every order</div>',
          },
        ],
      },
    },
    {
      key: 'tap_targets',
      name: 'Mobile Tap Targets',
      category: 'mobile',
      beta: false,
      description: 'Enlarges buttons and links on small screens to at least 44 by 44 pixels.',
      rule: cssOnEveryPage('@media (max-width:768px){a.button,button,.btn,input[type=submit]{min-height:44px;min-width:44px}}'),
    },
    {
      key: 'popup_blocker',
      name: 'Mobile Pop-up Blocker',
      category: 'mobile',
      beta: true,
      description: 'Hides full-screen newsletter and promo pop-ups on phones, where they block the page.',
      rule: cssOnEveryPage('@media (max-width:768px){.popup,.modal-newsletter,[data-popup]{display:none!important}}'),
    },
    {
      key: 'reduced_motion',
      name: 'Reduced Motion',
      category: 'accessibility',
      beta: true,
      description: 'Turns off animations for visitors who ask their device for reduced motion.',
      rule: cssOnEveryPage(
        '@media (prefers-reduced-motion:reduce){*,*::before,*::after{animation-duration:.01ms!important;transition-duration:.01ms!important;scroll-behavior:auto!important}}',
      ),
    },
  ],

  /** The site if the user may see its workers (member) or change them (editor); throws otherwise. */
  site: function (e, siteId, write) {
    const lib = require(`${__hooks}/lib/generated/domain.js`);
    const site = require(`${__hooks}/lib/site_guard.js`).requireSiteRole(e, siteId, write ? 'editor' : 'viewer', {
      superusers: true,
      notFound: 'Site not found.',
      forbidden: 'Only editors, admins and owners can change CRO Workers.',
    });
    if (!lib.can(site.getString('plan_tier'), 'cro_workers')) throw new ForbiddenError(lib.upgradeMessage('cro_workers'));
    return site;
  },

  /** The workers with their state on the site, and stats from the tracker's telemetry. */
  state: function (app, site) {
    const self = require(`${__hooks}/lib/cro_workers.js`);
    const rules = app
      .findRecordsByFilter('optimization_rules', "site_id = {:site} && rule_type ~ 'worker'", '', 0, 0, { site: site.id })
      .filter((r) => r.getString('rule_type').indexOf('worker_') === 0);
    const byType = {};
    rules.forEach((r) => (byType[r.getString('rule_type')] = r));
    const workers = self.WORKERS.map((w) => {
      const r = byType['worker_' + w.key];
      return {
        key: w.key,
        name: w.name,
        description: w.description,
        category: w.category,
        beta: w.beta,
        enabled: !!(r && r.getBool('enabled')),
        ruleId: r ? r.id : '',
        health: r ? r.getString('health_status') : '',
      };
    });
    const ids = rules.filter((r) => r.getBool('enabled')).map((r) => r.id);
    const t = $analytics.workerTelemetry(site.id, ids);
    const loads = t.pageLoadsLastDay;
    const failed = t.failedLoadsLastDay;
    return {
      workers: workers,
      stats: {
        activeWorkers: workers.filter((w) => w.enabled).length,
        appliedLastHour: t.appliedLastHour,
        meanApplyMs: t.exposuresLastDay > 0 ? Math.round(t.meanApplyMs * 100) / 100 : null,
        errorFreeLoadsPct: loads > 0 ? Math.round(Math.max(0, (loads - Math.min(failed, loads)) / loads) * 10000) / 100 : null,
        pageLoads24h: loads,
      },
    };
  },
};
