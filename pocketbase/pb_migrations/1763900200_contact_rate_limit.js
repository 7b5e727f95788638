// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Turns on PocketBase's built-in per-IP rate limiter for the public contact endpoint only.
// The factory default rules (auth, create, batch, /api/) are dropped so that enabling the limiter
// changes nothing else; rules other migrations added are kept.
const CONTACT_RULE = { label: 'POST /api/cro/contact', audience: '', duration: 600, maxRequests: 10 };
const FACTORY_LABELS = ['*:auth', '*:create', '/api/batch', '/api/'];

migrate(
  (app) => {
    const settings = app.settings();
    const kept = [];
    for (const rule of settings.rateLimits.rules) {
      if (FACTORY_LABELS.indexOf(rule.label) === -1 && rule.label !== CONTACT_RULE.label) kept.push(rule);
    }
    kept.push(CONTACT_RULE);
    settings.rateLimits.rules = /** @type {core.RateLimitRule[]} */ (kept);
    settings.rateLimits.enabled = true;
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    settings.rateLimits.rules = settings.rateLimits.rules.filter((r) => r.label !== CONTACT_RULE.label);
    if (settings.rateLimits.rules.length === 0) settings.rateLimits.enabled = false;
    app.save(settings);
  },
);
