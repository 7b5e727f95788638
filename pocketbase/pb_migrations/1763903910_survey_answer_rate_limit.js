// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// The public survey answer route (pb_hooks/surveys.pb.js) through PocketBase's per-IP rate limiter:
// a visitor answers a survey once, so 60 answers a minute from one address is far past any real use.
const ANSWER_RULE = { label: 'POST /api/cro/surveys/answer', audience: '', duration: 60, maxRequests: 60 };

migrate(
  (app) => {
    const settings = app.settings();
    settings.rateLimits.rules = /** @type {core.RateLimitRule[]} */ ([
      ...settings.rateLimits.rules.filter((r) => r.label !== ANSWER_RULE.label),
      ANSWER_RULE,
    ]);
    settings.rateLimits.enabled = true;
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    settings.rateLimits.rules = settings.rateLimits.rules.filter((r) => r.label !== ANSWER_RULE.label);
    app.save(settings);
  },
);
