// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Two-step sign-in (README, Security notes). PocketBase's MFA asks users with mfa_enabled for a
// second factor after their password (401 {mfaId}); the second factor is the emailed one-time code
// (authWithOTP with the mfaId) or one of the user's recovery codes (/api/cro/mfa/recover).
// mfa_enabled and the recovery codes change only here; a site's owner can require it of the team
// (require_mfa), and members without it then drop out of the site's access lists (lib/site_access.js).

// State for Account Settings: on or off, recovery codes left, and the sites that require it.
routerAdd(
  'GET',
  '/api/cro/mfa',
  (e) => {
    const mfa = require(`${__hooks}/lib/mfa.js`);
    const user = e.app.findRecordById('users', e.auth.id);
    return e.json(200, {
      enabled: user.getBool('mfa_enabled'),
      recovery_codes_left: mfa.recoveryHashes(user).length,
      required_by: mfa.requiringSites(e.app, user.id),
    });
  },
  $apis.requireAuth('users'),
  $apis.bodyLimit(4 << 10),
);

// Turns it on: { otpId, code } from a code mailed by requestOTP to the signed-in user. Answers
// the recovery codes, once; only their hashes are kept.
routerAdd(
  'POST',
  '/api/cro/mfa/enable',
  (e) => {
    const mfa = require(`${__hooks}/lib/mfa.js`);
    const user = e.app.findRecordById('users', e.auth.id);
    if (user.getBool('mfa_enabled')) throw new BadRequestError('Two-step sign-in is already on.');
    mfa.consumeEmailedCode(e, user);
    const codes = mfa.newRecoveryCodes();
    user.set('mfa_enabled', true);
    user.set('mfa_recovery', codes.hashes);
    e.app.save(user);
    return e.json(200, { enabled: true, recovery_codes: codes.shown });
  },
  $apis.requireAuth('users'),
  $apis.bodyLimit(4 << 10),
);

// Turns it off: { otpId, code } as above; refused while a site the user works on requires it.
routerAdd(
  'POST',
  '/api/cro/mfa/disable',
  (e) => {
    const mfa = require(`${__hooks}/lib/mfa.js`);
    const user = e.app.findRecordById('users', e.auth.id);
    if (!user.getBool('mfa_enabled')) throw new BadRequestError('Two-step sign-in is already off.');
    const requiring = mfa.requiringSites(e.app, user.id);
    if (requiring.length) {
      throw new BadRequestError(
        'The team of ' +
          requiring.map((s) => s.domain).join(', ') +
          ' requires two-step sign-in, so it cannot be turned off while you are a member.',
      );
    }
    mfa.consumeEmailedCode(e, user);
    user.set('mfa_enabled', false); // the recovery codes go with it (onRecordUpdate below)
    e.app.save(user);
    return e.json(200, { enabled: false });
  },
  $apis.requireAuth('users'),
  $apis.bodyLimit(4 << 10),
);

// New recovery codes for the signed-in user ({ otpId, code }); the old ones stop working.
routerAdd(
  'POST',
  '/api/cro/mfa/recovery-codes',
  (e) => {
    const mfa = require(`${__hooks}/lib/mfa.js`);
    const user = e.app.findRecordById('users', e.auth.id);
    if (!user.getBool('mfa_enabled')) throw new BadRequestError('Turn on two-step sign-in first.');
    mfa.consumeEmailedCode(e, user);
    const codes = mfa.newRecoveryCodes();
    user.set('mfa_recovery', codes.hashes);
    e.app.save(user);
    return e.json(200, { recovery_codes: codes.shown });
  },
  $apis.requireAuth('users'),
  $apis.bodyLimit(4 << 10),
);

// Completes a sign-in with a recovery code instead of the emailed one: { mfaId, code }. The
// mfaId (from the password step's 401) names the user; the code is used up whether or not the
// answer reaches the client. PocketBase's own MFA check then validates and closes the mfaId.
routerAdd(
  'POST',
  '/api/cro/mfa/recover',
  (e) => {
    const mfa = require(`${__hooks}/lib/mfa.js`);
    const reply = require(`${__hooks}/lib/http_reply.js`);
    const body = reply.body(e) || {};
    const user = mfa.userOfMfaSession(e.app, body.mfaId);
    mfa.consumeRecoveryCode(e.app, user, body.code);
    return $apis.recordAuthResponse(e, user, 'recovery', null);
  },
  $apis.bodyLimit(4 << 10),
);

// Only the owner requires it of the team ({ required: true|false }), and only once they use it themselves.
routerAdd(
  'POST',
  '/api/cro/sites/{siteId}/require-mfa',
  (e) => {
    const reply = require(`${__hooks}/lib/http_reply.js`);
    const body = reply.body(e) || {};
    if (typeof body.required !== 'boolean') throw new BadRequestError('required must be true or false');
    let site;
    try {
      site = e.app.findRecordById('sites', e.request.pathValue('siteId'));
    } catch (_) {
      throw new NotFoundError('Site not found');
    }
    if (site.getString('user_id') !== e.auth.id) {
      if (site.getStringSlice('member_ids').indexOf(e.auth.id) < 0) throw new NotFoundError('Site not found');
      throw new ForbiddenError('Only the site owner can require two-step sign-in.');
    }
    if (body.required && !e.app.findRecordById('users', e.auth.id).getBool('mfa_enabled')) {
      throw new BadRequestError('Turn on two-step sign-in for your own account first (Settings -> Account).');
    }
    site.set('require_mfa', body.required);
    e.app.save(site); // the access lists follow (onRecordUpdate below)
    return e.json(200, { required: body.required });
  },
  $apis.requireAuth('users'),
  $apis.bodyLimit(4 << 10),
);

// The emailed code is only ever a second factor: alone it would sign in anyone who reads the mailbox.
onRecordAuthWithOTPRequest((e) => {
  const info = e.requestInfo();
  const mfaId = (info.body && info.body.mfaId) || info.query.mfaId;
  if (!mfaId) throw new BadRequestError('Sign in with your password first; the emailed code completes it.');
  e.next();
}, 'users');

// At most 5 code mails per account per 15 minutes (PocketBase's rule adds 5 a minute per client address).
onRecordRequestOTPRequest((e) => {
  if (e.record) {
    const limit = require(`${__hooks}/lib/attempt_limit.js`);
    if (!limit.take(e.app, 'otp-mail:' + e.record.id, 5, 900)) {
      throw new TooManyRequestsError('Too many codes were sent to this account. Please wait 15 minutes and try again.');
    }
  }
  e.next();
}, 'users');

// Turned off (here or by an operator in the admin UI): the recovery codes go too. Turned on or off:
// the sites requiring it re-mirror the user's access.
onRecordUpdate((e) => {
  const before = e.record.original().getBool('mfa_enabled');
  const after = e.record.getBool('mfa_enabled');
  if (!after) e.record.set('mfa_recovery', null);
  e.next();
  if (before !== after) require(`${__hooks}/lib/site_access.js`).syncRequiringSitesOf(e.app, e.record.id);
}, 'users');

// The requirement changed (the owner's route, or an operator in the admin UI): re-mirror the access lists.
onRecordUpdate((e) => {
  const changed = e.record.original().getBool('require_mfa') !== e.record.getBool('require_mfa');
  e.next();
  if (changed) require(`${__hooks}/lib/site_access.js`).sync(e.app, e.record.id);
}, 'sites');
