// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Limits keyed by the target account rather than the client IP (the IP limits are rate limit
// rules): password guessing spread over many addresses still hits the account's limit, and
// nobody floods one mailbox with reset or verification mails.

// Failed sign-ins per account (CRO_AUTH_ACCOUNT_LIMIT, default 10 per 15 minutes).
onRecordAuthWithPasswordRequest((e) => {
  const limit = require(`${__hooks}/lib/attempt_limit.js`);
  const key = 'signin-fail:' + String(e.identity).trim().toLowerCase();
  if (limit.count(e.app, key, 900) >= limit.envLimit('CRO_AUTH_ACCOUNT_LIMIT', 10)) {
    throw new TooManyRequestsError('Too many failed sign-ins for this account. Please try again later.');
  }
  try {
    e.next();
  } catch (err) {
    // A right password of an account with two-step sign-in ends in the written 401 {mfaId}: not a failure.
    if (!e.written()) limit.add(e.app, key, 900);
    throw err;
  }
}, 'users');

// Reset and verification mails: at most 3 an hour per address. Past that the answer stays the
// same 204 without a mail, so the limit tells nothing about whether the address has an account.
onRecordRequestPasswordResetRequest((e) => {
  const limit = require(`${__hooks}/lib/attempt_limit.js`);
  if (!limit.take(e.app, 'reset-mail:' + e.record.email().toLowerCase(), 3, 3600)) return e.noContent(204);
  e.next();
}, 'users');

onRecordRequestVerificationRequest((e) => {
  const limit = require(`${__hooks}/lib/attempt_limit.js`);
  if (!limit.take(e.app, 'verify-mail:' + e.record.email().toLowerCase(), 3, 3600)) return e.noContent(204);
  e.next();
}, 'users');
