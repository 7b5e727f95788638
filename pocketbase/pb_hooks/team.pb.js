// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Team invitations: who invited, the invite mail and notification, the invitee's pending list
// and accepting. Who may invite, change roles and remove is in the site_members API rules.

onRecordCreateRequest((e) => {
  const user = e.auth && e.auth.collection().name === 'users' ? e.auth : null;
  if (user) {
    e.record.set('invited_by', user.id);
    const email = e.record.getString('email').trim().toLowerCase();
    if (email === user.email().toLowerCase()) throw new BadRequestError('You are already a member of this site');
    // Each invite is a mail to an address of the inviter's choosing: cap them per site and per inviter.
    const limit = require(`${__hooks}/lib/attempt_limit.js`);
    const siteKey = 'invite-site:' + e.record.getString('site_id');
    const inviterKey = 'invite-by:' + user.id;
    if (limit.count(e.app, siteKey, 3600) >= 20 || limit.count(e.app, inviterKey, 3600) >= 30) {
      throw new TooManyRequestsError('Too many invitations in the last hour. Please try again later.');
    }
    limit.add(e.app, siteKey, 3600);
    limit.add(e.app, inviterKey, 3600);
  }
  e.next();
}, 'site_members');

onRecordAfterCreateSuccess((e) => {
  if (e.record.getString('status') === 'invited') {
    try {
      require(`${__hooks}/lib/team_invite.js`).deliver(e.app, e.record);
    } catch (err) {
      e.app.logger().error('team: invite delivery failed', 'error', String(err));
    }
  }
  e.next();
}, 'site_members');

// The signed-in user's pending invitations (matched by email), with what they need to accept.
// Only a verified address sees them: anyone may sign up with an address they do not own.
routerAdd(
  'GET',
  '/api/cro/invites',
  (e) => {
    if (!e.auth.verified()) return e.json(200, { items: [] });
    const rows = e.app.findRecordsByFilter('site_members', 'email = {:email} && status = "invited"', '-created_at', 50, 0, {
      email: e.auth.email().toLowerCase(),
    });
    const items = [];
    for (const r of rows) {
      let domain;
      try {
        domain = e.app.findRecordById('sites', r.getString('site_id')).getString('domain');
      } catch (_) {
        continue;
      }
      items.push({ token: r.getString('token'), siteId: r.getString('site_id'), domain: domain, role: r.getString('role') });
    }
    return e.json(200, { items: items });
  },
  $apis.requireAuth('users'),
  $apis.bodyLimit(4 << 10),
);

routerAdd(
  'POST',
  '/api/cro/accept-invite',
  (e) => {
    const reply = require(`${__hooks}/lib/http_reply.js`);
    const body = reply.body(e) || {};
    const token = typeof body.token === 'string' ? body.token.trim() : '';
    if (!token || token.length > 64) throw new BadRequestError('token is required');
    let member;
    try {
      member = e.app.findFirstRecordByFilter('site_members', 'token = {:token} && status = "invited"', { token: token });
    } catch (_) {
      throw new NotFoundError('Invitation not found or already accepted');
    }
    if (member.getString('email').toLowerCase() !== e.auth.email().toLowerCase()) {
      throw new ForbiddenError('This invitation was sent to a different email address');
    }
    // The token only ever leaves the server in the mail to this address (or to its verified
    // owner), so holding it proves the mailbox: an unverified account becomes verified here.
    e.app.runInTransaction((txApp) => {
      if (!e.auth.verified()) {
        const user = txApp.findRecordById('users', e.auth.id);
        user.setVerified(true);
        txApp.save(user);
      }
      member.set('user_id', e.auth.id);
      member.set('status', 'active');
      member.set('token', '');
      txApp.save(member);
    });
    const site = e.app.findRecordById('sites', member.getString('site_id'));
    return e.json(200, { siteId: site.id, domain: site.getString('domain'), role: member.getString('role') });
  },
  $apis.requireAuth('users'),
  $apis.bodyLimit(4 << 10),
);

// Someone invited before they had an account: once they sign up, tell them in the app too.
onRecordAfterCreateSuccess((e) => {
  const invite = require(`${__hooks}/lib/team_invite.js`);
  try {
    const rows = e.app.findRecordsByFilter('site_members', 'email = {:email} && status = "invited"', '', 20, 0, {
      email: e.record.email().toLowerCase(),
    });
    for (const m of rows) invite.notifyUser(e.app, e.record, m);
  } catch (err) {
    e.app.logger().error('team: invite notification on sign-up failed', 'error', String(err));
  }
  e.next();
}, 'users');
