/**
 * POST /api/cro/contact against a real PocketBase: stores valid messages, rejects bad input with
 * 400 and per-field errors (storing nothing), ignores unknown fields, and is rate-limited per IP.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

let server: TestServer;

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Pricing question',
  message: 'Do you offer annual billing on the Growth plan?',
};

async function post(body: unknown, contentType = 'application/json') {
  const res = await fetch(`${server.url}/api/cro/contact`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: res.status,
    json: (await res.json().catch(() => null)) as { message?: string; data?: Record<string, { message: string }> } | null,
  };
}

async function storedMessages() {
  return server.admin.collection('contact_messages').getFullList({ sort: 'created_at' });
}

/** Saving the settings reloads them, which resets the in-memory rate limiters. */
async function resetRateLimiter() {
  const settings = await server.admin.settings.getAll();
  await server.admin.settings.update({ rateLimits: settings.rateLimits });
}

beforeAll(async () => {
  server = await startPocketBase();
});
afterAll(async () => {
  await server?.stop();
});
beforeEach(async () => {
  await resetRateLimiter();
  for (const r of await storedMessages()) await server.admin.collection('contact_messages').delete(r.id);
});

describe('POST /api/cro/contact', () => {
  it('stores a valid message, trimmed, and ignores unknown fields', async () => {
    const res = await post({
      ...valid,
      name: '  Ada Lovelace ',
      id: 'abcdefghijklmno',
      created_at: '2000-01-01 00:00:00.000Z',
      role: 'admin',
    });
    expect(res.status).toBe(201);
    const rows = await storedMessages();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(valid);
    expect(rows[0]?.id).not.toBe('abcdefghijklmno');
    expect(rows[0]?.created_at).not.toContain('2000-01-01');
    expect(Object.keys(rows[0] ?? {}).filter((k) => k === 'role')).toEqual([]);
  });

  it('accepts the form posted before its script has loaded (form-encoded)', async () => {
    const res = await post(new URLSearchParams(valid).toString(), 'application/x-www-form-urlencoded');
    expect(res.status).toBe(201);
    expect(await storedMessages()).toMatchObject([valid]);
  });

  it('answers a plain browser form post with pages: a redirect when stored, the errors when not', async () => {
    const form = (body: Record<string, string>) =>
      fetch(`${server.url}/api/cro/contact`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,application/xhtml+xml' },
        body: new URLSearchParams(body).toString(),
      });
    const bad = await form({ ...valid, email: 'ada@', subject: '<b>x</b>' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('text/html');
    const html = await bad.text();
    expect(html).toContain('Please enter a valid email address.');
    expect(html).toContain('href="/contact"');
    expect(await storedMessages()).toEqual([]);

    const ok = await form(valid);
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/contact/sent');
    expect(await storedMessages()).toMatchObject([valid]);
  });

  it('rejects an invalid email with 400 and stores nothing', async () => {
    const res = await post({ ...valid, email: 'ada@example' });
    expect(res.status).toBe(400);
    expect(res.json?.data?.email?.message).toBe('Please enter a valid email address.');
    expect(await storedMessages()).toHaveLength(0);
  });

  it('names every missing field', async () => {
    const res = await post({});
    expect(res.status).toBe(400);
    expect(res.json?.message).toBe('Please correct the highlighted fields.');
    expect(Object.fromEntries(Object.entries(res.json?.data ?? {}).map(([k, v]) => [k, v.message]))).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter your email address.',
      subject: 'Please enter a subject.',
      message: 'Please enter a message.',
    });
    expect(await storedMessages()).toHaveLength(0);
  });

  it('rejects oversized fields', async () => {
    const res = await post({ ...valid, name: 'n'.repeat(101), subject: 's'.repeat(201), message: 'm'.repeat(5001) });
    expect(res.status).toBe(400);
    expect(res.json?.data?.name?.message).toBe('Name must be at most 100 characters.');
    expect(res.json?.data?.subject?.message).toBe('Subject must be at most 200 characters.');
    expect(res.json?.data?.message?.message).toBe('Message must be at most 5000 characters.');
    expect(await storedMessages()).toHaveLength(0);
  });

  it('answers malformed bodies with 400, never 500', async () => {
    for (const body of ['{"name": ', '[1,2,3]', 'null', '"text"']) {
      const res = await post(body);
      expect(res.status, body).toBe(400);
    }
    expect((await post({ ...valid, message: { $ne: '' } })).status).toBe(400);
    expect(await storedMessages()).toHaveLength(0);
  });

  it('offers no other way in: the collection API refuses guests', async () => {
    await expect(server.anonymous().collection('contact_messages').create(valid)).rejects.toMatchObject({ status: 403 });
    await expect(server.anonymous().collection('contact_messages').getList()).rejects.toMatchObject({ status: 403 });
    expect(await storedMessages()).toHaveLength(0);
  });

  it('answers 429 once a client has sent 10 requests in 10 minutes', async () => {
    const settings = await server.admin.settings.getAll();
    expect(settings.rateLimits.enabled).toBe(true);
    expect(settings.rateLimits.rules).toContainEqual({ label: 'POST /api/cro/contact', audience: '', duration: 600, maxRequests: 10 });

    for (let i = 0; i < 10; i++) expect((await post({ ...valid, subject: `Question ${i + 1}` })).status).toBe(201);
    const limited = await post({ ...valid, subject: 'One too many' });
    expect(limited.status).toBe(429);
    expect(await storedMessages()).toHaveLength(10);
    // Other endpoints are not limited by this rule.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
