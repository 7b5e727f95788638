// Book Demo: the enterprise demo form is stored, validated, and limited per client address.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

let server: TestServer;
beforeAll(async () => {
  server = await startPocketBase();
});
afterAll(async () => server?.stop());

const post = (body: unknown) =>
  fetch(`${server.url}/api/cro/demo-request`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const valid = {
  name: 'Ada Lovelace',
  email: 'ada@bigshop.example',
  company: 'Big Shop',
  website: 'https://bigshop.example',
  monthly_visitors: '1,000,000+',
  message: 'Ten brands.',
};

it('stores a valid demo request, refuses invalid ones with 400, and limits each address to 3 an hour', async () => {
  const bad = await post({ ...valid, email: 'not-an-email', company: '' });
  expect(bad.status).toBe(400);
  const body = await bad.json();
  expect(Object.keys(body.data).sort()).toEqual(['company', 'email']);
  expect((await post('nonsense')).status).toBe(400);
  expect(
    (
      await fetch(`${server.url}/api/cro/demo-request`, {
        method: 'POST',
        body: '{broken',
        headers: { 'Content-Type': 'application/json' },
      })
    ).status,
  ).toBe(400);
  expect(await server.admin.collection('demo_requests').getFullList()).toHaveLength(0);

  for (let i = 0; i < 3; i++) expect((await post({ ...valid, name: `Ada ${i}` })).status).toBe(200);
  const limited = await post(valid);
  expect(limited.status).toBe(429);
  const stored = await server.admin.collection('demo_requests').getFullList({ sort: 'created_at' });
  expect(stored).toHaveLength(3);
  expect(stored[0]).toMatchObject({
    name: 'Ada 0',
    email: valid.email,
    company: 'Big Shop',
    website: valid.website,
    monthly_visitors: '1,000,000+',
    message: 'Ten brands.',
  });
  // Nobody but the server reads them.
  const user = await server.createUser();
  await expect(user.client.collection('demo_requests').getFullList()).rejects.toMatchObject({ status: 403 });
});
