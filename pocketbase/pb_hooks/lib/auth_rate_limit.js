// @ts-check
// CRO_AUTH_RATE_LIMIT (default 10 from the migrations): sign-in attempts (the emailed code's
// request and check included) and sign-ups per client IP per 10 seconds, with or without a token.
// Returns true when the stored settings had to change.
var LABELS = ['*:auth', 'users:create', '*:requestOTP'];

module.exports = function applyAuthRateLimit(app) {
  const raw = $os.getenv('CRO_AUTH_RATE_LIMIT');
  if (!raw) return false;
  const max = parseInt(raw, 10);
  if (!(max > 0)) {
    console.warn('CRO_AUTH_RATE_LIMIT must be a positive integer; keeping the stored limits');
    return false;
  }
  const settings = app.settings();
  let changed = false;
  settings.rateLimits.rules.forEach((rule) => {
    if (LABELS.indexOf(rule.label) >= 0 && rule.maxRequests !== max) {
      rule.maxRequests = max;
      changed = true;
    }
  });
  if (changed) app.save(settings);
  return changed;
};
