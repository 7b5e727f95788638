// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// The server's password rules (src/lib/password-policy.ts) wherever a password is set: sign-up,
// a signed-in change and a reset. A refused password changes nothing and answers 400 with the
// reason on the password field.

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/password_check.js`).enforce(e.requestInfo().body, e.record.email());
  e.next();
}, 'users');

onRecordUpdateRequest((e) => {
  const body = e.requestInfo().body;
  if (body.password !== undefined) require(`${__hooks}/lib/password_check.js`).enforce(body, e.record.email());
  e.next();
}, 'users');

onRecordConfirmPasswordResetRequest((e) => {
  require(`${__hooks}/lib/password_check.js`).enforce(e.requestInfo().body, e.record.email());
  e.next();
}, 'users');
