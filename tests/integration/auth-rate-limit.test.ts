import { afterEach, describe, expect, it } from 'vitest';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

// Each test gets its own server: the limiter counts per client address across the window.
let server: TestServer | undefined;
afterEach(async () => server?.stop());

describe('sign-in rate limit', () => {
  it('refuses password guessing past 10 attempts in 10 seconds from one address', async () => {
    server = await startPocketBase({ env: { CRO_AUTH_RATE_LIMIT: '10' } });
    const email = 'victim@example.com';
    await server.admin.collection('users').create({ email, password: 'right-password', passwordConfirm: 'right-password' });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${server.url}/api/collections/users/auth-with-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identity: email, password: `wrong-${i}` }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...new Array(10).fill(400), 429, 429]);
  });

  it('never limits session refreshes', async () => {
    server = await startPocketBase({ env: { CRO_AUTH_RATE_LIMIT: '10' } });
    const user = await server.createUser();
    for (let i = 0; i < 15; i++) await user.client.collection('users').authRefresh();
    expect(user.client.authStore.isValid).toBe(true);
  });
});
