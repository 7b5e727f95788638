// A site's domain is validated on every change, not only on create: markup, a bare top-level
// domain (which would let every origin under it send events) and free text are refused, a new
// domain must be verified again, and invite mails are capped per site and per inviter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPocketBase, type TestServer, type TestUser } from '../../helpers/pocketbase';
import { startSmtp, type SmtpListener } from '../../helpers/smtp';
import { batch, post } from '../analytics/helpers';

let smtp: SmtpListener;
let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startPocketBase({ env: smtp.env });
  owner = await server.createUser();
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

describe('domain on update', () => {
  it('refuses markup, a bare top-level domain and free text, and changes nothing', async () => {
    const site = await owner.client.collection('sites').create({ user_id: owner.record.id, domain: 'shop.example.com' });
    for (const domain of ['<img src=x onerror=alert(1)>', 'com', 'Click here to claim your prize']) {
      await expect(owner.client.collection('sites').update(site.id, { domain })).rejects.toMatchObject({
        status: 400,
        response: { data: { domain: { code: 'invalid_domain' } } },
      });
    }
    expect((await server.admin.collection('sites').getOne(site.id)).domain).toBe('shop.example.com');

    // So an origin under .com other than the site's own is still refused by collect.
    const res = await post(server, batch(site.public_key, [{ t: 'pv', ts: Date.now(), p: '/' }]), { origin: 'https://evil.com' });
    expect(res.status).toBe(403);
  });

  it('normalizes a valid new domain and resets its DNS verification', async () => {
    const site = await server.admin.collection('sites').create({ user_id: owner.record.id, domain: 'verified.example.com' });
    await server.admin.collection('sites').update(site.id, { dns_verified: true, status: 'active' });
    const updated = await owner.client.collection('sites').update(site.id, { domain: 'https://WWW.Other-Shop.example/path?x=1' });
    expect(updated).toMatchObject({ domain: 'www.other-shop.example', dns_verified: false, status: 'pending' });
    // Saving other settings with the same domain keeps the verification.
    await server.admin.collection('sites').update(site.id, { dns_verified: true, status: 'active' });
    const same = await owner.client
      .collection('sites')
      .update(site.id, { domain: 'www.other-shop.example', industry_category: ' Retail ' });
    expect(same).toMatchObject({ dns_verified: true, status: 'active', industry_category: 'Retail' });
  });
});

describe('invite mails', () => {
  it('stop at 20 an hour for one site', async () => {
    const site = await server.admin.collection('sites').create({ user_id: owner.record.id, domain: 'invites.example.com' });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      try {
        await owner.client.collection('site_members').create({ site_id: site.id, email: `target${i}@phish.test`, role: 'viewer' });
        statuses.push(200);
      } catch (err) {
        statuses.push((err as { status: number }).status);
      }
    }
    expect(statuses).toEqual([...new Array(20).fill(200), ...new Array(10).fill(429)]);
    // Mail leaves after the response: wait for the 20, then make sure no eleven more follow.
    const phished = () => smtp.mails.filter((m) => m.to.some((t) => t.endsWith('@phish.test'))).length;
    await expect.poll(phished, { timeout: 15_000 }).toBe(20);
    await new Promise((r) => setTimeout(r, 1000));
    expect(phished()).toBe(20);
  });
});
