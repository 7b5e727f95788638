// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Mail: settings from the environment at start (after bootstrap), the welcome and verification mails after
// sign-up (queued: sent after the response, a failure is logged), and mails logged instead of sent
// without SMTP.

onBootstrap((e) => {
  e.next();
  const mail = require(`${__hooks}/lib/mail.js`);
  try {
    mail.applySettings(e.app);
  } catch (err) {
    e.app.logger().error('mail: could not apply the SMTP settings from the environment', 'error', String(err));
  }
});

onRecordAfterCreateSuccess((e) => {
  const mail = require(`${__hooks}/lib/mail.js`);
  // Queued: sent after the response by pocketbase/mailqueue, which logs failures.
  try {
    $mailqueue.send(mail.welcomeMessage(e.app, e.record.email()), 'welcome mail');
    if (!e.record.verified()) $mailqueue.sendVerification(e.record);
  } catch (err) {
    e.app.logger().error('mail: welcome mail failed', 'to', e.record.email(), 'error', String(err));
  }
  e.next();
}, 'users');

// Without SMTP (the local default) PocketBase would try sendmail: log the mail instead.
onMailerSend((e) => {
  if (e.app.settings().smtp.enabled) return e.next();
  const to = (e.message.to || []).map((a) => a.address).join(', ');
  e.app.logger().info('mail: SMTP is not configured; not sent', 'to', to, 'subject', e.message.subject);
});
