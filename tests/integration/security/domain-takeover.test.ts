/**
 * Issue 30, finding 3: whoever added a domain first controlled its DNS zone and its edge traffic.
 * Two accounts add the same domain and both verify: today both were told "Your domain is now
 * active", and the install's nameservers and edge served the first account's records and origin.
 * Now a site must prove control of its domain (its token in a TXT record at the domain's DNS host,
 * through the test DNS server as CRO_DNS_RESOLVER) before anything of the zone is served or routed;
 * one site per zone holds the proof, and a second claim is told to have it released first.
 */
import { Resolver } from 'node:dns/promises';
import { createServer, request, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type DnsFixture } from '../../helpers/dns-server';
import { freePort, startPocketBase, type TestServer, type TestUser } from '../../helpers/pocketbase';
import { closeServer } from '../../helpers/close-server';

const NS = ['ns1.takeover-cro.test', 'ns2.takeover-cro.test'];
const OLD_HOST = ['ns1.old-host.test', 'ns2.old-host.test'];

let upstream: DnsFixture;
let server: TestServer;
let dnsAddress: string;
let edge: string;
const origins: Server[] = [];

interface Verdict {
  verified: boolean;
  message: string;
  owned: boolean;
}

async function startOrigin(body: string): Promise<string> {
  const origin = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end(body);
  });
  const port = await freePort();
  await new Promise<void>((r) => origin.listen(port, '127.0.0.1', r));
  origins.push(origin);
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  upstream = await startDnsServer();
  dnsAddress = `127.0.0.1:${await freePort()}`;
  edge = `127.0.0.1:${await freePort()}`;
  server = await startPocketBase({
    env: {
      CRO_DNS_RESOLVER: upstream.address,
      CRO_DNS_LISTEN: dnsAddress,
      CRO_NAMESERVERS: NS.join(','),
      CRO_NAMESERVER_ADDRESSES: dnsAddress,
      CRO_EDGE_ADDRESSES: '127.0.0.1',
      CRO_EDGE_HTTP: edge,
      CRO_EDGE_ALLOW_PRIVATE: '1', // the test origins are on loopback
    },
  });
});

/** Two accounts of their own for each case (the Free plan has one website each). */
const accounts = async () => [await server.createUser(), await server.createUser()] as const;

afterAll(async () => {
  await server?.stop();
  await upstream?.stop();
  for (const o of origins) await closeServer(o);
});

/** A site of user's for domain, with a mail host in its zone and its own origin server. */
async function addSite(user: TestUser, domain: string, label: string) {
  const site = await user.client.collection('sites').create({ user_id: user.record.id, domain });
  await user.client
    .collection('dns_records')
    .create({ site_id: site.id, name: '@', type: 'MX', value: `mail.${label}.example`, priority: 10 });
  await user.client.collection('sites').update(site.id, { edge_origin: await startOrigin(`origin of ${label}`) });
  return user.client.collection('sites').getOne(site.id);
}

const verify = (user: TestUser, siteId: string) =>
  user.client.send<Verdict>('/api/cro/verify-dns', { method: 'POST', body: { siteId }, requestKey: null });

/** The MX hosts the install's own nameservers answer for domain, or the DNS error code. */
async function servedMx(domain: string): Promise<string> {
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers([dnsAddress]);
  try {
    return (await resolver.resolveMx(domain)).map((m) => m.exchange).join(',');
  } catch (err) {
    return (err as { code: string }).code;
  }
}

/** What the edge answers for a request to domain: status and body. */
function viaEdge(domain: string): Promise<string> {
  const [hostname, port] = edge.split(':');
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port: Number(port), path: '/', headers: { Host: domain } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve(`${res.statusCode} ${body.includes('origin of') ? body : ''}`.trim()));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Waits for the zones and the edge to reload after a write (50 ms after it), then reads. */
async function settled<T>(read: () => Promise<T>, want: T): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const v = await read();
    if (v === want || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Publishes TXT values at the domain's ownership name on the domain's current DNS host. */
const publishProof = (domain: string, ...tokens: string[]) =>
  upstream.setRecords(
    `_upliftly-verify.${domain}`,
    tokens.map((value) => ({ name: `_upliftly-verify.${domain}`, type: 'TXT' as const, value })),
  );

describe('a domain added by two accounts', () => {
  it('is served to neither while neither proved control, though both see the delegation', async () => {
    const [first, second] = await accounts();
    const domain = 'takeover-shop.test';
    const a = await addSite(first, domain, 'first');
    const b = await addSite(second, domain, 'second');
    expect([a.nameserver_1, a.nameserver_2]).toEqual(NS);
    expect([b.nameserver_1, b.nameserver_2]).toEqual(NS);
    upstream.setNameservers(domain, NS);

    for (const [user, site] of [
      [first, a],
      [second, b],
    ] as const) {
      const res = await verify(user, site.id);
      expect(res).toMatchObject({ verified: false, owned: false });
      expect(res.message).not.toContain('Your domain is now active');
      expect(res.message).toContain(`add a TXT record named _upliftly-verify.${domain} with the value ${site.verification_token}`);
      expect(res.message).toContain('Set its nameservers back to your previous DNS host');
      expect(await user.client.collection('sites').getOne(site.id)).toMatchObject({
        dns_verified: false,
        ownership_verified: false,
        status: 'pending',
      });
    }
    // Before the fix the first account's MX answered here and the edge served its origin.
    await new Promise((r) => setTimeout(r, 300)); // past any reload the writes above scheduled
    expect(await servedMx(domain)).toBe('EREFUSED');
    expect(await viaEdge(domain)).toBe('421');
    expect(await viaEdge(`www.${domain}`)).toBe('421');
  });

  it('serves only the account that proved control, and tells the other who must release it', async () => {
    const [first, second] = await accounts();
    const domain = 'proved-shop.test';
    const a = await addSite(first, domain, 'first');
    const b = await addSite(second, `www.${domain}`, 'second');
    expect(a.verification_token).toMatch(/^[a-z0-9]{32}$/);
    expect(b.verification_token).not.toBe(a.verification_token);
    expect(b.verification_zone).toBe(domain);

    // The second account controls the domain: its token is published where the domain's DNS is
    // hosted today, before any delegation.
    upstream.setNameservers(domain, OLD_HOST);
    publishProof(domain, b.verification_token);
    const proved = await verify(second, b.id);
    expect(proved).toMatchObject({ verified: false, owned: true });
    expect(proved.message).toContain(`You proved that you control ${domain}.`);
    expect(proved.message).toContain(`Expected ${NS[0]} and ${NS[1]}`);
    expect(await second.client.collection('sites').getOne(b.id)).toMatchObject({ ownership_verified: true, dns_verified: false });
    expect(await settled(() => servedMx(domain), 'mail.second.example')).toBe('mail.second.example');
    expect(await settled(() => viaEdge(domain), '200 origin of second')).toBe('200 origin of second');

    // The first account cannot verify, even with its own token published too.
    publishProof(domain, b.verification_token, a.verification_token);
    for (const nameservers of [OLD_HOST, NS]) {
      upstream.setNameservers(domain, nameservers);
      const refused = await verify(first, a.id);
      expect(refused).toEqual({
        verified: false,
        owned: false,
        message: `${domain} is already connected to another account. It must be removed from that account before it can be connected here.`,
      });
      expect(refused.message).not.toContain(second.record.email);
    }
    expect(await first.client.collection('sites').getOne(a.id)).toMatchObject({
      ownership_verified: false,
      dns_verified: false,
      status: 'pending',
    });

    // The delegation activates the site that proved control, and only it.
    const active = await verify(second, b.id);
    expect(active).toMatchObject({ verified: true, owned: true });
    expect(active.message).toContain('Your domain is now active');
    expect((await verify(first, a.id)).verified).toBe(false);
    expect(await servedMx(domain)).toBe('mail.second.example');
    expect(await viaEdge(domain)).toBe('200 origin of second');
    expect(await viaEdge(`www.${domain}`)).toBe('200 origin of second');

    // Within its zone the proof stays (the domain changes from www to the apex); verifying again
    // is then a matter of the delegation alone.
    await second.client.collection('sites').update(b.id, { domain });
    expect(await second.client.collection('sites').getOne(b.id)).toMatchObject({
      ownership_verified: true,
      verification_zone: domain,
      dns_verified: false,
    });
    expect(await verify(second, b.id)).toMatchObject({ verified: true, owned: true });

    // Released there (the site moves to another domain), the first account can prove control.
    await second.client.collection('sites').update(b.id, { domain: 'elsewhere-shop.test' });
    expect(await second.client.collection('sites').getOne(b.id)).toMatchObject({
      ownership_verified: false,
      verification_zone: 'elsewhere-shop.test',
    });
    upstream.setNameservers(domain, OLD_HOST);
    expect(await verify(first, a.id)).toMatchObject({ owned: true });
    expect(await settled(() => servedMx(domain), 'mail.first.example')).toBe('mail.first.example');
    expect(await settled(() => viaEdge(domain), '200 origin of first')).toBe('200 origin of first');
  });

  it('names the holding site to a user who manages it', async () => {
    const [first] = await accounts();
    const domain = 'both-mine.test';
    upstream.setNameservers(domain, OLD_HOST);
    const shop = await first.client.collection('sites').create({ user_id: first.record.id, domain });
    await server.admin.collection('sites').update(shop.id, { plan_tier: 'growth' }); // a second site needs a paid plan
    const blog = await first.client.collection('sites').create({ user_id: first.record.id, domain: `blog.${domain}` });
    publishProof(domain, shop.verification_token);
    expect(await verify(first, shop.id)).toMatchObject({ owned: true });
    expect((await verify(first, blog.id)).message).toBe(
      `${domain} is already connected to your site ${domain}. Remove it there (or change that site's domain) before connecting it here.`,
    );
  });

  it('proves one site per domain when both check at once', async () => {
    const [first, second] = await accounts();
    const domain = 'race-shop.test';
    const a = await addSite(first, domain, 'first');
    const b = await addSite(second, domain, 'second');
    upstream.setNameservers(domain, OLD_HOST);
    publishProof(domain, a.verification_token, b.verification_token);
    const results = await Promise.all([verify(first, a.id), verify(second, b.id)]);
    expect(results.filter((r) => r.owned)).toHaveLength(1);
    const sites = await server.admin
      .collection('sites')
      .getFullList({ filter: `verification_zone = "${domain}" && ownership_verified = true` });
    expect(sites).toHaveLength(1);
  });
});
