/**
 * The install's authoritative DNS over real sockets: a site is added, its records are imported from
 * the domain's current nameservers (a DNS stand-in the server resolves through), the owner reviews
 * and edits them, the install's nameservers answer for the zone (the apex and www with the edge),
 * and a simulated delegation verifies the site.
 */
import { Resolver } from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type DnsFixture } from '../../helpers/dns-server';
import { freePort, startPocketBase, type TestServer, type TestUser } from '../../helpers/pocketbase';
import { addMember } from '../../helpers/suite';
import { proveDomain } from '../../helpers/domain-proof';

const NS = ['ns1.import-cro.test', 'ns2.import-cro.test'];
const EDGE = '192.0.2.80';
const DOMAIN = 'import-shop.test';

let upstream: DnsFixture;
let server: TestServer;
let owner: TestUser;
let ours: Resolver;
let siteId: string;

interface StoredRecord {
  id: string;
  name: string;
  type: string;
  value: string;
  ttl: number;
  priority: number;
  source: string;
}

beforeAll(async () => {
  upstream = await startDnsServer();
  upstream.setRecords(DOMAIN, [
    { name: DOMAIN, type: 'A', value: '198.51.100.7', ttl: 600 },
    { name: DOMAIN, type: 'MX', value: 'mx1.mailhost.test', priority: 10, ttl: 3600 },
    { name: DOMAIN, type: 'TXT', value: 'v=spf1 include:mailhost.test ~all', ttl: 3600 },
    { name: DOMAIN, type: 'CAA', value: '0 issue "letsencrypt.org"', ttl: 3600 },
    { name: `www.${DOMAIN}`, type: 'CNAME', value: DOMAIN, ttl: 3600 },
    { name: `mail.${DOMAIN}`, type: 'A', value: '198.51.100.25', ttl: 3600 },
    { name: `_dmarc.${DOMAIN}`, type: 'TXT', value: 'v=DMARC1; p=none', ttl: 3600 },
  ]);
  const dnsPort = await freePort();
  server = await startPocketBase({
    env: {
      CRO_DNS_RESOLVER: upstream.address,
      CRO_DNS_LISTEN: `127.0.0.1:${dnsPort}`,
      CRO_NAMESERVERS: NS.join(','),
      CRO_NAMESERVER_ADDRESSES: `127.0.0.1:${dnsPort}`,
      CRO_EDGE_ADDRESSES: EDGE,
    },
  });
  ours = new Resolver({ timeout: 2000, tries: 1 });
  ours.setServers([`127.0.0.1:${dnsPort}`]);
  owner = await server.createUser();
  siteId = (await owner.client.collection('sites').create({ user_id: owner.record.id, domain: DOMAIN })).id;
  await proveDomain(upstream, owner.client, siteId); // before that the install serves nothing of the zone
});

afterAll(async () => {
  await server?.stop();
  await upstream?.stop();
});

const records = () =>
  owner.client.collection('dns_records').getFullList<StoredRecord>({ filter: `site_id = "${siteId}"`, sort: 'name,type,value' });

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const v = await read().catch(() => undefined);
    if (v !== undefined && ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('authoritative DNS for a connected domain', () => {
  it('imports the domain’s current records when the site is added, marked for review', async () => {
    const imported = await until(records, (r) => r.length === 7, 'the import');
    expect(imported.map((r) => [r.name, r.type, r.value, r.ttl, r.priority, r.source])).toEqual([
      ['@', 'A', '198.51.100.7', 600, 0, 'imported'],
      ['@', 'CAA', '0 issue "letsencrypt.org"', 3600, 0, 'imported'],
      ['@', 'MX', 'mx1.mailhost.test', 3600, 10, 'imported'],
      ['@', 'TXT', 'v=spf1 include:mailhost.test ~all', 3600, 0, 'imported'],
      ['_dmarc', 'TXT', 'v=DMARC1; p=none', 3600, 0, 'imported'],
      ['mail', 'A', '198.51.100.25', 3600, 0, 'imported'],
      ['www', 'CNAME', DOMAIN, 3600, 0, 'imported'],
    ]);
  });

  it('answers for the zone: the edge at the apex and www, the imported records elsewhere', async () => {
    // The zone reloads shortly after the import's last write.
    expect(
      await until(
        () => ours.resolve4(`mail.${DOMAIN}`),
        (a) => a.length > 0,
        'the imported zone',
      ),
    ).toEqual(['198.51.100.25']);
    expect(await ours.resolve4(DOMAIN)).toEqual([EDGE]);
    expect(await ours.resolve4(`www.${DOMAIN}`)).toEqual([EDGE]);
    expect(await ours.resolveMx(DOMAIN)).toEqual([{ exchange: 'mx1.mailhost.test', priority: 10 }]);
    expect(await ours.resolveTxt(`_dmarc.${DOMAIN}`)).toEqual([['v=DMARC1; p=none']]);
    expect(await ours.resolveNs(DOMAIN)).toEqual(expect.arrayContaining(NS));
    expect((await ours.resolveSoa(DOMAIN)).nsname).toBe(NS[0]);
    await expect(ours.resolve4(`nothing.${DOMAIN}`)).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(ours.resolve4('not-ours.test')).rejects.toMatchObject({ code: 'EREFUSED' });
  });

  it('serves an edited zone at once, and refuses a bad record with a clear error and no change', async () => {
    const added = await owner.client
      .collection('dns_records')
      .create<StoredRecord>({ site_id: siteId, name: 'Shop', type: 'CNAME', value: 'stores.provider.test.', ttl: 300 });
    expect(added).toMatchObject({ name: 'shop', value: 'stores.provider.test', source: 'owner' });
    expect(
      await until(
        () => ours.resolveCname(`shop.${DOMAIN}`),
        (a) => a.length > 0,
        'the new CNAME',
      ),
    ).toEqual(['stores.provider.test']);

    const mail = (await records()).find((r) => r.name === 'mail')!;
    await owner.client.collection('dns_records').update(mail.id, { value: '198.51.100.26' });
    expect(
      await until(
        () => ours.resolve4(`mail.${DOMAIN}`),
        (a) => a[0] === '198.51.100.26',
        'the edit',
      ),
    ).toEqual(['198.51.100.26']);

    await expect(
      owner.client.collection('dns_records').create({ site_id: siteId, name: 'shop', type: 'TXT', value: 'hello' }),
    ).rejects.toMatchObject({
      status: 400,
      response: { message: expect.stringContaining('A name with a CNAME record can have no other record') },
    });
    await expect(
      owner.client.collection('dns_records').create({ site_id: siteId, name: 'api', type: 'A', value: '300.1.1.1' }),
    ).rejects.toMatchObject({ status: 400, response: { message: expect.stringContaining('must be an IPv4 address') } });
    await expect(
      owner.client.collection('dns_records').create({ site_id: siteId, name: 'api', type: 'A', value: '192.0.2.1', source: 'imported' }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await records()).toHaveLength(8);

    await owner.client.collection('dns_records').delete(added.id);
    await until(
      () =>
        ours.resolveCname(`shop.${DOMAIN}`).then(
          () => 'found',
          (e: { code: string }) => e.code,
        ),
      (c) => c === 'ENOTFOUND',
      'the delete',
    );
  });

  it('lets viewers read the records but not change them', async () => {
    const viewer = await server.createUser();
    await addMember(server, siteId, viewer, 'viewer');
    expect(await viewer.client.collection('dns_records').getFullList({ filter: `site_id = "${siteId}"` })).toHaveLength(7);
    await expect(
      viewer.client.collection('dns_records').create({ site_id: siteId, name: 'x', type: 'A', value: '192.0.2.1' }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(viewer.client.send('/api/cro/dns-records/import', { method: 'POST', body: { siteId } })).rejects.toMatchObject({
      status: 403,
    });
    const stranger = await server.createUser();
    expect(await stranger.client.collection('dns_records').getFullList({ filter: `site_id = "${siteId}"` })).toHaveLength(0);
  });

  it('imports again on request without duplicating what the site has', async () => {
    upstream.setRecords(DOMAIN, [
      { name: DOMAIN, type: 'A', value: '198.51.100.7', ttl: 600 },
      { name: `blog.${DOMAIN}`, type: 'CNAME', value: 'blogs.provider.test', ttl: 3600 },
    ]);
    const res = await owner.client.send<{ imported: number }>('/api/cro/dns-records/import', { method: 'POST', body: { siteId } });
    expect(res).toEqual({ imported: 1 });
    expect((await records()).filter((r) => r.name === 'blog')).toMatchObject([
      { type: 'CNAME', value: 'blogs.provider.test', source: 'imported' },
    ]);
  });

  it('says the install’s nameservers work, and a simulated delegation verifies the site', async () => {
    expect(await owner.client.send('/api/cro/nameservers', {})).toMatchObject({ working: true });
    const before = await owner.client.send<{ verified: boolean }>('/api/cro/verify-dns', { method: 'POST', body: { siteId } });
    expect(before.verified).toBe(false);
    upstream.setNameservers(DOMAIN, NS);
    const res = await owner.client.send<{ verified: boolean; message: string }>('/api/cro/verify-dns', {
      method: 'POST',
      body: { siteId },
    });
    expect(res).toMatchObject({ verified: true });
    expect(await owner.client.collection('sites').getOne(siteId)).toMatchObject({ dns_verified: true, status: 'active' });
  });
});
