// A site's settings (Settings -> Optimization) over HTTP: checked by the server, audited with who
// changed what, managers only, and the staging domain accepted by the collect origin check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientResponseError, type RecordModel } from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../helpers/pocketbase';
import { batch, post } from './analytics/helpers';

let server: TestServer;
let owner: TestUser;
beforeAll(async () => {
  server = await startPocketBase();
});
afterAll(async () => server?.stop());

let n = 0;
/** A new owner (the free plan has one site) with a new site. */
async function newSite(): Promise<RecordModel> {
  owner = await server.createUser();
  return owner.client
    .collection('sites')
    .create({ user_id: owner.record.id, domain: `settings-${Date.now().toString(36)}${++n}.example.com` });
}

const auditOf = (siteId: string) =>
  server.admin.collection('optimization_audit_log').getFullList({ filter: `site_id = "${siteId}" && action = "settings_changed"` });

async function refused(p: Promise<unknown>): Promise<ClientResponseError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ClientResponseError);
  return err as ClientResponseError;
}

describe('site settings', () => {
  it('saves what the owner submits, normalised, and audits each change with its author', async () => {
    const site = await newSite();
    const saved = await owner.client.collection('sites').update(site.id, {
      optimization_enabled: false,
      error_threshold_percentage: 2.54,
      tracking_ignore_dnt: true,
      retention_days: 30,
      staging_domain: ' https://Staging.Example-Shop.com/preview ',
    });
    expect(saved).toMatchObject({
      optimization_enabled: false,
      error_threshold_percentage: 2.5,
      tracking_ignore_dnt: true,
      retention_days: 30,
      staging_domain: 'staging.example-shop.com',
    });
    const [entry, ...more] = await auditOf(site.id);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ actor_id: owner.record.id, rule_id: '' });
    expect(entry!.reason).toBe(
      'Optimization: on -> off; Error threshold: 5% -> 2.5%; Do Not Track: honoured -> not honoured; ' +
        'Data retention: default -> 30 days; Staging domain: none -> staging.example-shop.com',
    );
    expect(entry!.changes).toMatchObject({ retention_days: { from: 0, to: 30 }, error_threshold_percentage: { from: 5, to: 2.5 } });

    // Submitting the same values again is no change: nothing more in the log.
    await owner.client.collection('sites').update(site.id, { retention_days: 30, optimization_enabled: false });
    expect(await auditOf(site.id)).toHaveLength(1);
  });

  it.each([
    [{ error_threshold_percentage: 0 }, 'The error threshold must be between 0.1% and 100%.'],
    [{ error_threshold_percentage: 'lots' }, 'The error threshold must be between 0.1% and 100%.'],
    [{ retention_days: 45 }, 'Data retention must be one of 30, 90, 180, 365, 730 days, or the default.'],
    [{ staging_domain: 'not a host' }, 'Staging domain: "not a host" is not a valid domain name.'],
  ])('refuses %j with a clear message and changes nothing', async (body, message) => {
    const site = await newSite();
    const err = await refused(owner.client.collection('sites').update(site.id, { retention_days: 90, ...body }));
    expect(err.status).toBe(400);
    expect(err.message).toBe(message);
    const after: RecordModel = await server.admin.collection('sites').getOne(site.id);
    expect(after).toMatchObject({ retention_days: 0, error_threshold_percentage: 5, optimization_enabled: true, staging_domain: '' });
    expect(await auditOf(site.id)).toHaveLength(0);
  });

  it('lets owners and admins change settings, not editors or viewers', async () => {
    const site = await newSite();
    const members: Record<string, TestUser> = {};
    for (const role of ['viewer', 'editor', 'admin'] as const) {
      members[role] = await server.createUser();
      await server.admin.collection('site_members').create({
        site_id: site.id,
        user_id: members[role].record.id,
        email: members[role].email,
        role,
        status: 'active',
      });
    }
    for (const role of ['viewer', 'editor'] as const) {
      const err = await refused(members[role]!.client.collection('sites').update(site.id, { retention_days: 365 }));
      expect([403, 404]).toContain(err.status);
    }
    expect((await server.admin.collection('sites').getOne(site.id)).retention_days).toBe(0);
    await members.admin!.client.collection('sites').update(site.id, { retention_days: 365 });
    const [entry] = await auditOf(site.id);
    expect(entry).toMatchObject({ actor_id: members.admin!.record.id, reason: 'Data retention: default -> 365 days' });
  });

  it('accepts events from the staging domain once it is set, and only then', async () => {
    const site = await newSite();
    const staging = 'https://preview.staging-shop.test';
    const send = () => post(server, batch(site.public_key, [{ t: 'pv', ts: Date.now(), p: '/' }]), { origin: staging });
    expect((await send()).status).toBe(403);
    await owner.client.collection('sites').update(site.id, { staging_domain: 'staging-shop.test' });
    // The collect endpoint caches sites briefly; a change to the site clears that cache.
    expect((await send()).status).toBe(202);
  });
});
