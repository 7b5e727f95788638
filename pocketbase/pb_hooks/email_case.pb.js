// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// One account per address whatever the letter case (issue 30, finding 10): every save of a user
// stores the address in lower case (ASCII letters, as the unique index's COLLATE NOCASE compares),
// so a sign-up as A@x.com after a@x.com meets the index's usual "already in use" refusal, and the
// failed-sign-in counter (account_limits.pb.js, keyed by the lower-cased address) is one account's.
// Lookups by address (sign-in, reset, verification) ignore case through that same index
// (pb_migrations/1763902520_users_email_case.js).

onRecordCreate((e) => {
  require(`${__hooks}/lib/email_case.js`).normalize(e.record);
  e.next();
}, 'users');

onRecordUpdate((e) => {
  require(`${__hooks}/lib/email_case.js`).normalize(e.record);
  e.next();
}, 'users');
