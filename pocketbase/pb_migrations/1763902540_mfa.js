// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Two-step sign-in for customer accounts (README, Security notes): PocketBase's MFA with an
// emailed one-time code as the second factor, required exactly for users who turned it on
// (mfa_enabled, set only by pb_hooks/mfa.pb.js); hashed one-time recovery codes (hidden); and a
// site's require_mfa, which only its owner sets through /api/cro/sites/{id}/require-mfa.
const OTP_SUBJECT = 'Your {APP_NAME} code';
const OTP_BODY =
  '<p>Hello,</p>\n<p>Your {APP_NAME} code is:</p>\n' +
  '<p style="font-size:24px;letter-spacing:4px"><strong>{OTP}</strong></p>\n' +
  '<p>It expires in 5 minutes. Enter it where you asked for it; never tell it to anyone.</p>\n' +
  "<p><i>If you didn't just sign in or change your two-step sign-in, someone knows your password: change it.</i></p>\n" +
  '<p>Thanks,<br/>\n{APP_NAME} team</p>';
const RATE_RULES = [
  // Asking for a code is a sign-in step: the sign-in limit per address (CRO_AUTH_RATE_LIMIT, lib/auth_rate_limit.js).
  { label: '*:requestOTP', audience: '', duration: 10, maxRequests: 10 },
  { label: 'POST /api/cro/mfa/recover', audience: '', duration: 60, maxRequests: 10 },
];
const SERVER_USER_FIELDS = ['mfa_enabled', 'mfa_recovery'];
const notSet = (fields) => fields.map((f) => `@request.body.${f}:isset = false`).join(' && ');
// A rule reads as a pointer object in goja: String() gives its text ("" lets anyone).
const guarded = (rule) => {
  if (rule === null || rule === undefined) return null;
  const text = String(rule);
  return text ? `(${text}) && ${notSet(SERVER_USER_FIELDS)}` : notSet(SERVER_USER_FIELDS);
};

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.add(new BoolField({ name: 'mfa_enabled' }));
    // SHA-256 of each unused recovery code; never in an API answer.
    users.fields.add(new JSONField({ name: 'mfa_recovery', maxSize: 1024, hidden: true })); // 8 hashes: ~540 bytes
    users.createRule = guarded(users.createRule);
    users.updateRule = guarded(users.updateRule);
    users.mfa.enabled = true;
    users.mfa.duration = 600;
    users.mfa.rule = 'mfa_enabled = true';
    users.otp.enabled = true;
    users.otp.duration = 300;
    users.otp.length = 6;
    users.otp.emailTemplate.subject = OTP_SUBJECT;
    users.otp.emailTemplate.body = OTP_BODY;
    app.save(users);

    const sites = app.findCollectionByNameOrId('sites');
    sites.fields.add(new BoolField({ name: 'require_mfa' }));
    sites.createRule = `${sites.createRule} && @request.body.require_mfa:isset = false`;
    sites.updateRule = `${sites.updateRule} && @request.body.require_mfa:isset = false`;
    app.save(sites);

    const settings = app.settings();
    const labels = RATE_RULES.map((r) => r.label);
    settings.rateLimits.rules = settings.rateLimits.rules
      .filter((r) => labels.indexOf(r.label) === -1)
      .concat(/** @type {core.RateLimitRule[]} */ (RATE_RULES));
    app.save(settings);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const strip = (rule) => {
      if (rule === null || rule === undefined) return null;
      const text = String(rule);
      return text === notSet(SERVER_USER_FIELDS) ? '' : text.replace(` && ${notSet(SERVER_USER_FIELDS)}`, '').replace(/^\((.*)\)$/, '$1');
    };
    users.createRule = strip(users.createRule);
    users.updateRule = strip(users.updateRule);
    users.mfa.enabled = false;
    users.otp.enabled = false;
    users.fields.removeByName('mfa_enabled');
    users.fields.removeByName('mfa_recovery');
    app.save(users);
    const sites = app.findCollectionByNameOrId('sites');
    sites.createRule = String(sites.createRule).replace(' && @request.body.require_mfa:isset = false', '');
    sites.updateRule = String(sites.updateRule).replace(' && @request.body.require_mfa:isset = false', '');
    sites.fields.removeByName('require_mfa');
    app.save(sites);
    const settings = app.settings();
    const labels = RATE_RULES.map((r) => r.label);
    settings.rateLimits.rules = settings.rateLimits.rules.filter((r) => labels.indexOf(r.label) === -1);
    app.save(settings);
  },
);
