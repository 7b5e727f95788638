// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Brute-force and mail-flood protection for sign-in, sign-up and account mails, per client IP.
// Refreshing a session is not limited (it is not tagged "auth"), so page loads are never slowed.
const RULES = [
  { label: '*:auth', audience: '@guest', duration: 10, maxRequests: 10 },
  { label: 'users:create', audience: '@guest', duration: 10, maxRequests: 10 },
  { label: '*:requestPasswordReset', audience: '', duration: 60, maxRequests: 5 },
  { label: '*:requestVerification', audience: '', duration: 60, maxRequests: 5 },
];
const LABELS = RULES.map((r) => r.label);

migrate(
  (app) => {
    const settings = app.settings();
    settings.rateLimits.rules = settings.rateLimits.rules
      .filter((r) => LABELS.indexOf(r.label) === -1)
      .concat(/** @type {core.RateLimitRule[]} */ (RULES));
    settings.rateLimits.enabled = true;
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    settings.rateLimits.rules = settings.rateLimits.rules.filter((r) => LABELS.indexOf(r.label) === -1);
    app.save(settings);
  },
);
