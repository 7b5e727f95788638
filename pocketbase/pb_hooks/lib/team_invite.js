// @ts-check
// Team invitations: the mail with its accept link and the in-app notification for a person who
// already has an account. Accepting happens in POST /api/cro/accept-invite.
var escapeHtml = require(`${__hooks}/lib/escape_html.js`);

module.exports = {
  acceptPath: function (token) {
    return '/dashboard/team?invite=' + encodeURIComponent(token);
  },

  /** Queues the invite mail (pocketbase/mailqueue) and notifies an existing user; failures are logged, never thrown. */
  deliver: function (app, member) {
    var origin = ($os.getenv('APP_URL') || 'http://127.0.0.1:8090').trim().replace(/\/+$/, '');
    var site = app.findRecordById('sites', member.getString('site_id'));
    var email = member.getString('email');
    var role = member.getString('role');
    var link = origin + module.exports.acceptPath(member.getString('token'));
    var inviter;
    try {
      inviter = app.findRecordById('users', member.getString('invited_by')).email();
    } catch (_) {
      inviter = '';
    }
    var intro = inviter ? inviter + ' has invited you' : 'You have been invited';
    try {
      var meta = app.settings().meta;
      $mailqueue.send(
        new MailerMessage({
          from: { address: meta.senderAddress, name: meta.senderName },
          to: [{ address: email }],
          // pocketbase/whitelabel sends it under the site's brand, if it has one
          headers: site.getString('brand_id') ? { 'X-Cro-Brand': site.getString('brand_id') } : {},
          subject: 'You are invited to ' + site.getString('domain'),
          html:
            '<p>' +
            escapeHtml(intro) +
            ' to join <strong>' +
            escapeHtml(site.getString('domain')) +
            '</strong> as ' +
            escapeHtml(role) +
            '.</p>' +
            '<p><a href="' +
            escapeHtml(link) +
            '">Accept the invitation</a></p>' +
            '<p>Sign in or sign up with ' +
            escapeHtml(email) +
            ' to accept.</p>',
          text:
            intro +
            ' to join ' +
            site.getString('domain') +
            ' as ' +
            role +
            '.\n\nAccept: ' +
            link +
            '\n\nSign in or sign up with ' +
            email +
            ' to accept.\n',
        }),
        'team invite mail',
      );
    } catch (err) {
      app.logger().error('team: invite mail failed', 'to', email, 'error', String(err));
    }
    var user;
    try {
      user = app.findAuthRecordByEmail('users', email);
    } catch (_) {
      user = null; // no account with this email yet: the mail is the way in (and sign-up notifies)
    }
    if (user) module.exports.notifyUser(app, user, member);
  },

  /**
   * The in-app notification of an invitation. Its link carries the accept token only for a
   * verified account: an unverified one may belong to someone who merely typed the address.
   */
  notifyUser: function (app, user, member) {
    var site = app.findRecordById('sites', member.getString('site_id'));
    require(`${__hooks}/lib/notify.js`).notify(app, {
      user: user.id,
      site: site.id,
      type: 'team',
      title: 'Team invitation',
      message: 'You have been invited to ' + site.getString('domain') + ' as ' + member.getString('role') + '.',
      // the token only reaches a verified owner of the address (or whoever holds the mail)
      link: user.verified() ? module.exports.acceptPath(member.getString('token')) : '/dashboard/team',
    });
  },
};
