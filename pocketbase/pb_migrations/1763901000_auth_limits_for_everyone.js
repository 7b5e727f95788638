// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// The sign-in and sign-up limits per client IP apply with or without a token: a signed-in
// attacker is still an attacker. (They applied to guests only.)
function setAudience(app, audience) {
  const LABELS = ['*:auth', 'users:create'];
  const settings = app.settings();
  settings.rateLimits.rules = settings.rateLimits.rules.map((rule) => ({
    label: rule.label,
    audience: LABELS.indexOf(rule.label) === -1 ? rule.audience : audience,
    duration: rule.duration,
    maxRequests: rule.maxRequests,
  }));
  app.save(settings);
}

migrate(
  (app) => setAudience(app, ''),
  (app) => setAudience(app, '@guest'),
);
