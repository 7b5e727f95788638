// @ts-check
// Two-step sign-in helpers for pb_hooks/mfa.pb.js: checking an emailed code outside PocketBase's
// own authWithOTP (turning it on or off), recovery codes (made, stored as SHA-256, used once),
// and the sites whose owner requires it.
var WRONG_CODE = 'The code is wrong or has expired. Ask for a new code and try again.';
var WRONG_RECOVERY = 'That recovery code is wrong or was already used.';
var EXPIRED_SESSION = 'Your sign-in has expired. Please sign in with your password again.';
// Wrong codes per account before a pause: PocketBase allows its authWithOTP 5 per 3 minutes.
var MAX_FAILURES = 5;
var FAILURE_WINDOW_SEC = 900;

function failures(app, key) {
  var limit = require(`${__hooks}/lib/attempt_limit.js`);
  if (limit.count(app, key, FAILURE_WINDOW_SEC) >= MAX_FAILURES) {
    throw new TooManyRequestsError('Too many wrong codes. Please wait 15 minutes and try again.');
  }
  return function fail(message) {
    limit.add(app, key, FAILURE_WINDOW_SEC);
    return new BadRequestError(message);
  };
}

module.exports = {
  /** The stored hashes of user's unused recovery codes. */
  recoveryHashes: function (user) {
    var list = require(`${__hooks}/lib/json_field.js`)(user, 'mfa_recovery');
    return Array.isArray(list)
      ? list.filter(function (h) {
          return typeof h === 'string';
        })
      : [];
  },

  /** RECOVERY_CODE_COUNT new codes: as shown to the user once, and their hashes to store. */
  newRecoveryCodes: function () {
    var domain = require(`${__hooks}/lib/generated/domain.js`);
    var shown = [];
    var hashes = [];
    for (var i = 0; i < domain.RECOVERY_CODE_COUNT; i++) {
      var raw = $security.randomStringWithAlphabet(domain.RECOVERY_CODE_CHARS, domain.RECOVERY_CODE_ALPHABET);
      shown.push(domain.formatRecoveryCode(raw));
      hashes.push($security.sha256(raw));
    }
    return { shown: shown, hashes: hashes };
  },

  /**
   * Checks body { otpId, code } against an emailed code (requestOTP) for user and uses it up;
   * throws a 400 saying what is wrong, or 429 after too many wrong codes.
   */
  consumeEmailedCode: function (e, user) {
    var reply = require(`${__hooks}/lib/http_reply.js`);
    var body = reply.body(e) || {};
    var otpId = typeof body.otpId === 'string' ? body.otpId : '';
    var code = typeof body.code === 'string' ? body.code.replace(/[\s-]/g, '') : '';
    if (!otpId) throw new BadRequestError('Ask for a code first.');
    if (!code) throw new BadRequestError('Enter the code from the email.');
    var fail = failures(e.app, 'mfa-code-fail:' + user.id);
    var otp;
    try {
      otp = e.app.findOTPById(otpId);
    } catch (_) {
      throw fail(WRONG_CODE);
    }
    var collection = user.collection();
    if (otp.recordRef() !== user.id || otp.collectionRef() !== collection.id) throw fail(WRONG_CODE);
    if (otp.hasExpired(collection.otp.durationTime()) || !otp.validatePassword(code)) throw fail(WRONG_CODE);
    e.app.delete(otp);
  },

  /** The user whose password step opened mfaId, if it is still open; otherwise a 400. */
  userOfMfaSession: function (app, mfaId) {
    if (typeof mfaId !== 'string' || !mfaId || mfaId.length > 64) throw new BadRequestError(EXPIRED_SESSION);
    var users = app.findCollectionByNameOrId('users');
    var session;
    try {
      session = app.findMFAById(mfaId);
    } catch (_) {
      throw new BadRequestError(EXPIRED_SESSION);
    }
    if (session.collectionRef() !== users.id || session.hasExpired(users.mfa.durationTime())) {
      throw new BadRequestError(EXPIRED_SESSION);
    }
    return app.findRecordById('users', session.recordRef());
  },

  /** Uses up one of user's recovery codes, or throws a 400 (429 after too many wrong ones). */
  consumeRecoveryCode: function (app, user, input) {
    var domain = require(`${__hooks}/lib/generated/domain.js`);
    var fail = failures(app, 'recovery-fail:' + user.id);
    var raw = typeof input === 'string' ? domain.normalizeRecoveryCode(input) : null;
    if (!raw) throw fail('Enter one of your recovery codes, for example k7m2p-x9d4r.');
    var hashes = module.exports.recoveryHashes(user);
    var hash = $security.sha256(raw);
    var at = hashes.indexOf(hash);
    if (at < 0) throw fail(WRONG_RECOVERY);
    hashes.splice(at, 1);
    user.set('mfa_recovery', hashes);
    app.save(user);
  },

  /** The sites user is an active member of whose owner requires two-step sign-in: [{site_id, domain}]. */
  requiringSites: function (app, userId) {
    var rows = app.findRecordsByFilter('site_members', 'user_id = {:user} && status = "active" && site_id.require_mfa = true', '', 0, 0, {
      user: userId,
    });
    var out = [];
    rows.forEach(function (r) {
      try {
        var site = app.findRecordById('sites', r.getString('site_id'));
        out.push({ site_id: site.id, domain: site.getString('domain') });
      } catch (_) {
        // the site is being deleted
      }
    });
    return out;
  },
};
