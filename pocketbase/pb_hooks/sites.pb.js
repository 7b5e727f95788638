// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Sites: validate what users submit, fill the server-owned fields, make the creator the owner.

onRecordCreateRequest((e) => {
  const domain = require(`${__hooks}/lib/generated/domain.js`);
  const body = e.requestInfo().body;
  const result = domain.normalizeDomain(e.record.getString('domain'));
  if (result.ok === false) {
    throw new BadRequestError(result.error, { domain: new ValidationError('invalid_domain', result.error) });
  }
  e.record.set('domain', result.domain);
  e.record.set('industry_category', e.record.getString('industry_category').trim());
  if (body.optimization_enabled === undefined) e.record.set('optimization_enabled', true);

  if (e.hasSuperuserAuth()) return e.next();
  // Count and insert in one transaction: transactions run one at a time on SQLite's single
  // writer connection, so parallel creates cannot all see zero sites and all pass.
  e.app.runInTransaction((txApp) => {
    const owned = txApp.findRecordsByFilter('sites', 'user_id = {:uid}', '', 0, 0, { uid: e.record.getString('user_id') });
    const anyPaid = owned.some((s) => domain.isPaid(s.getString('plan_tier')));
    if (!anyPaid && owned.length >= domain.FREE_WEBSITE_LIMIT) {
      throw new BadRequestError('The Free plan includes 1 website. Upgrade your plan to add more websites.');
    }
    e.app = txApp;
    e.next();
  });
}, 'sites');

// A changed domain is held to the same rules as a new one, and must be verified again: the
// domain decides which origins may send events and appears in invite mails.
onRecordUpdateRequest((e) => {
  const body = e.requestInfo().body;
  if (body.domain !== undefined) {
    const result = require(`${__hooks}/lib/generated/domain.js`).normalizeDomain(e.record.getString('domain'));
    if (result.ok === false) {
      throw new BadRequestError(result.error, { domain: new ValidationError('invalid_domain', result.error) });
    }
    e.record.set('domain', result.domain);
    if (result.domain !== e.record.original().getString('domain')) {
      e.record.set('dns_verified', false);
      e.record.set('tracking_verified', false); // visits from the old domain prove nothing of the new one
      e.record.set('status', 'pending');
    }
    // Control of a zone is proved once: another zone must be proved again, which releases the old
    // one for whoever controls it.
    const zone = $domainzone.of(result.domain);
    if (zone !== e.record.original().getString('verification_zone')) {
      e.record.set('verification_zone', zone);
      e.record.set('ownership_verified', false);
    }
  }
  if (body.industry_category !== undefined) e.record.set('industry_category', e.record.getString('industry_category').trim());
  require(`${__hooks}/lib/site_settings.js`).applyAndAudit(e, body);
}, 'sites');

// Model-level: also runs for sites created by the server itself.
onRecordCreate((e) => {
  const config = require(`${__hooks}/lib/config.js`);
  const r = e.record;
  if (!r.getString('plan_tier')) {
    // A paying owner's new site is on their plan from the start, not Free until the next webhook.
    const billing = require(`${__hooks}/lib/billing.js`);
    const sub = billing.subscriptionOf(e.app, r.getString('user_id'));
    if (sub) billing.copyToSite(sub, r);
    if (!r.getString('plan_tier')) r.set('plan_tier', 'free');
  }
  if (!r.getString('status')) r.set('status', 'pending');
  if (!r.getString('health_status')) r.set('health_status', 'healthy');
  if (!(r.getFloat('error_threshold_percentage') > 0)) r.set('error_threshold_percentage', config.defaultErrorThreshold());
  // Every session is recorded until the owner lowers the share (recording needs the Growth plan).
  if (!(r.getInt('recording_sample_rate') > 0)) r.set('recording_sample_rate', 100);
  if (!r.getString('public_key')) r.set('public_key', $security.randomStringWithAlphabet(24, 'abcdefghijkmnpqrstuvwxyz23456789'));
  // The TXT value that proves control of the domain's zone (pocketbase/dnsverify/ownership.go).
  if (!r.getString('verification_token'))
    r.set('verification_token', $security.randomStringWithAlphabet(32, 'abcdefghijkmnpqrstuvwxyz23456789'));
  r.set('verification_zone', $domainzone.of(r.getString('domain')));
  if (!r.getString('nameserver_1')) {
    const pairs = config.nameserverPairs();
    const pair = pairs[Math.floor(Math.random() * pairs.length)];
    r.set('nameserver_1', pair[0]);
    r.set('nameserver_2', pair[1]);
  }
  // The creator can act on the site at once, before the owner membership row exists.
  const owner = r.getString('user_id');
  r.set('member_ids', [owner]);
  r.set('editor_ids', [owner]);
  r.set('manager_ids', [owner]);
  e.next();
}, 'sites');

onRecordAfterCreateSuccess((e) => {
  const owner = e.app.findRecordById('users', e.record.getString('user_id'));
  const member = new Record(e.app.findCollectionByNameOrId('site_members'));
  member.set('site_id', e.record.id);
  member.set('user_id', owner.id);
  member.set('email', owner.email());
  member.set('role', 'owner');
  member.set('status', 'active');
  e.app.save(member);
  e.next();
}, 'sites');
