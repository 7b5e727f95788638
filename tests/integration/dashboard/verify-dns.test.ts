// verify-dns against a real DNS server on loopback: the TXT record that proves control of the
// domain first, then match, mismatch (naming what was found), NXDOMAIN, a subdomain delegated at
// its parent, and who may call it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type DnsFixture } from '../../helpers/dns-server';
import { startPocketBase, type TestServer, type TestUser } from '../../helpers/pocketbase';
import { addMember } from '../../helpers/suite';
import { proveDomain } from '../../helpers/domain-proof';

let dns: DnsFixture;
let server: TestServer;
let owner: TestUser;

const NS = ['ns1.test-cro.net', 'ns2.test-cro.net'];

beforeAll(async () => {
  dns = await startDnsServer({ 'other-host.com': ['a.iana-servers.net', 'b.iana-servers.net'] });
  server = await startPocketBase({ env: { CRO_DNS_RESOLVER: dns.address, CRO_NAMESERVERS: NS.join(',') } });
  owner = await server.createUser();
});

afterAll(async () => {
  await server?.stop();
  await dns?.stop();
});

async function addSite(user: TestUser, domain: string) {
  return user.client.collection('sites').create({ user_id: user.record.id, domain });
}

const verify = (user: TestUser, siteId: string) =>
  user.client.send<{ verified: boolean; message: string }>('/api/cro/verify-dns', { method: 'POST', body: { siteId } });

describe('verify-dns', () => {
  it('reports the nameservers it found when they do not match, and changes nothing', async () => {
    const site = await addSite(owner, 'other-host.com');
    expect(site.nameserver_1).toBe(NS[0]);
    await proveDomain(dns, owner.client, site.id);
    const res = await verify(owner, site.id);
    expect(res.verified).toBe(false);
    expect(res.message).toContain('a.iana-servers.net');
    expect(res.message).toContain('b.iana-servers.net');
    expect(res.message).toContain('ns1.test-cro.net');
    const after = await owner.client.collection('sites').getOne(site.id);
    expect(after.dns_verified).toBe(false);
    expect(after.status).toBe('pending');
    await owner.client.collection('sites').delete(site.id);
  });

  it('asks for the TXT record that proves control of the domain first, and changes nothing', async () => {
    const site = await addSite(owner, 'www.unproved-shop.com');
    expect(site).toMatchObject({ verification_zone: 'unproved-shop.com', ownership_verified: false });
    dns.setNameservers('unproved-shop.com', NS);
    const res = await verify(owner, site.id);
    expect(res).toEqual({
      verified: false,
      owned: false,
      message: `unproved-shop.com already uses our nameservers, but you have not proved that you control it, so they do not answer for it yet. Set its nameservers back to your previous DNS host, add a TXT record named _upliftly-verify.unproved-shop.com with the value ${site.verification_token} there, verify, then switch to our nameservers again.`,
    });
    dns.setNameservers('unproved-shop.com', ['a.iana-servers.net', 'b.iana-servers.net']);
    expect((await verify(owner, site.id)).message).toBe(
      `Prove that you control unproved-shop.com: add a TXT record named _upliftly-verify.unproved-shop.com with the value ${site.verification_token} where its DNS is hosted today (your registrar or DNS provider), then verify again. Changes can take 5-60 minutes.`,
    );
    // Another value at that name proves nothing.
    dns.setRecords('_upliftly-verify.unproved-shop.com', [
      { name: '_upliftly-verify.unproved-shop.com', type: 'TXT', value: 'someone-elses-token' },
    ]);
    expect(await verify(owner, site.id)).toMatchObject({ verified: false, owned: false });
    expect(await owner.client.collection('sites').getOne(site.id)).toMatchObject({
      ownership_verified: false,
      dns_verified: false,
      status: 'pending',
    });
    await owner.client.collection('sites').delete(site.id);
  });

  it('says NXDOMAIN for a domain that does not exist', async () => {
    const site = await addSite(owner, 'no-such-domain.example');
    const res = await verify(owner, site.id);
    expect(res).toEqual({ verified: false, owned: false, message: expect.stringContaining('NXDOMAIN') });
    await owner.client.collection('sites').delete(site.id);
  });

  it('verifies a matching delegation (found at the parent of www), activates the site and notifies once', async () => {
    dns.setNameservers(
      'shop-match.com',
      NS.map((n) => n.toUpperCase() + '.'),
    );
    const site = await addSite(owner, 'www.shop-match.com');
    await proveDomain(dns, owner.client, site.id);
    const res = await verify(owner, site.id);
    expect(res.verified).toBe(true);
    const after = await owner.client.collection('sites').getOne(site.id);
    expect(after.dns_verified).toBe(true);
    expect(after.status).toBe('active');
    expect((await verify(owner, site.id)).verified).toBe(true);
    const notes = await owner.client.collection('notifications').getFullList({ filter: `site_id = "${site.id}"` });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'Domain verified', type: 'system', read: false });
    await owner.client.collection('sites').delete(site.id);
  });

  it('lets only the site owner or admins verify; others get 404/403, bad input 400', async () => {
    const site = await addSite(owner, 'perm-check.com');
    const stranger = await server.createUser();
    await expect(verify(stranger, site.id)).rejects.toMatchObject({ status: 404 });
    const viewer = await server.createUser();
    await addMember(server, site.id, viewer, 'viewer');
    await expect(verify(viewer, site.id)).rejects.toMatchObject({ status: 403 });
    await expect(verify(owner, 'not an id')).rejects.toMatchObject({ status: 400 });
    await expect(server.anonymous().send('/api/cro/verify-dns', { method: 'POST', body: { siteId: site.id } })).rejects.toMatchObject({
      status: 401,
    });
    expect((await owner.client.collection('sites').getOne(site.id)).dns_verified).toBe(false);
  });
});
