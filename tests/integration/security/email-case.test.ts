/**
 * Issue 30, finding 10: two addresses that differ only in letter case became two accounts sharing
 * one failed-sign-in counter. Now an address is one account whatever its case: stored in lower
 * case, looked up without case (sign-in, reset), refused at sign-up like any address in use; the
 * migration lower-cases existing addresses and refuses to run while two accounts collide.
 */
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPocketBase, type TestServer } from '../../helpers/pocketbase';
import { startSmtp, type SmtpListener } from '../../helpers/smtp';

const PASSWORD = 'Case-Sensitive-Pass-42';
let server: TestServer, smtp: SmtpListener;

const post = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const signUp = (email: string) => post('/api/collections/users/records', { email, password: PASSWORD, passwordConfirm: PASSWORD });
const signIn = (identity: string, password = PASSWORD) => post('/api/collections/users/auth-with-password', { identity, password });

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startPocketBase({ env: { ...smtp.env, CRO_AUTH_RATE_LIMIT: '1000', CRO_AUTH_ACCOUNT_LIMIT: '3' } });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

describe('one account per address, whatever the case', () => {
  it('a sign-up that differs only in case is refused as an address in use, and the first is stored in lower case', async () => {
    const first = await signUp('Ann.Case@Example.COM');
    expect(first.status).toBe(200);
    const again = await signUp('ann.case@example.com');
    const sameCase = await signUp('Ann.Case@Example.COM');
    expect(again.status).toBe(400);
    expect(sameCase.status).toBe(400);
    // The very answer an address already in use gets.
    expect(await again.json()).toEqual(await sameCase.json());

    const { id } = (await first.json()) as { id: string };
    expect((await server.admin.collection('users').getOne(id)).email).toBe('ann.case@example.com');
    const accounts = await server.admin.collection('users').getFullList({ filter: 'email ~ "ann.case@"' });
    expect(accounts.map((a) => a.email)).toEqual(['ann.case@example.com']);
  });

  it('signs in with the address in any case, and a reset mail is sent for it', async () => {
    for (const identity of ['ANN.CASE@EXAMPLE.COM', 'ann.case@example.com', 'Ann.Case@example.com']) {
      const res = await signIn(identity);
      expect(res.status, identity).toBe(200);
    }
    const resets = () => smtp.mails.filter((m) => m.to.includes('ann.case@example.com') && /reset/i.test(m.subject)).length;
    expect(resets()).toBe(0);
    const reset = await post('/api/collections/users/request-password-reset', { email: 'ANN.Case@EXAMPLE.com' });
    expect(reset.status).toBe(204);
    await expect.poll(resets, { timeout: 10_000 }).toBe(1);
  });

  it('failed sign-ins in any case count against the one account (CRO_AUTH_ACCOUNT_LIMIT=3)', async () => {
    expect((await signUp('bo.limit@example.com')).status).toBe(200);
    expect((await signUp('Bo.Limit@Example.com')).status).toBe(400); // no second account to share the counter
    for (const identity of ['BO.LIMIT@example.com', 'bo.limit@EXAMPLE.com', 'Bo.Limit@Example.Com']) {
      expect((await signIn(identity, 'wrong-password-1')).status).toBe(400);
    }
    expect((await signIn('bo.limit@example.com')).status).toBe(429);
  });
});

describe('the migration of existing addresses', () => {
  const MIGRATION = '1763902520_users_email_case.js';

  /** Writes the data directory's database as an older version left it, to run the migration again. */
  function asBefore(sql: string[]): void {
    const db = new DatabaseSync(join(server.dataDir, 'data.db'));
    try {
      db.exec('PRAGMA busy_timeout = 5000');
      for (const s of sql) db.exec(s);
      db.prepare('DELETE FROM _migrations WHERE file = ?').run(MIGRATION);
    } finally {
      db.close();
    }
  }

  it('lower-cases addresses that collide with no other', async () => {
    const user = await server.createUser({ email: 'mixed.legacy@example.com' });
    asBefore([`UPDATE users SET email = 'Mixed.Legacy@Example.COM' WHERE id = '${user.record.id}'`]);
    await server.restart();
    expect((await server.admin.collection('users').getOne(user.record.id)).email).toBe('mixed.legacy@example.com');
    expect((await signIn('MIXED.legacy@example.com', user.password)).status).toBe(200);
  });

  it('refuses to run while two accounts differ only in case, and names them', async () => {
    const a = await server.createUser({ email: 'twin@example.com' });
    const b = await server.createUser({ email: 'twin-2@example.com' });
    // The index as it was (case-sensitive) lets the second account take the first's address in capitals.
    asBefore([...emailIndexAsBefore(), `UPDATE users SET email = 'Twin@Example.com' WHERE id = '${b.record.id}'`]);
    const started = await server.restart().then(
      () => 'started',
      (e: Error) => e.message,
    );
    expect(started).toContain('twin@example.com (accounts ');
    expect(started).toContain(a.record.id);
    expect(started).toContain(b.record.id);
    expect(started).toContain('Keep one account per address');
  });

  /** SQL that puts back the case-sensitive unique index on email. */
  function emailIndexAsBefore(): string[] {
    const db = new DatabaseSync(join(server.dataDir, 'data.db'));
    try {
      const row = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'users' AND sql LIKE '%COLLATE NOCASE%'")
        .get() as { name: string } | undefined;
      if (!row) return [];
      return [`DROP INDEX "${row.name}"`, `CREATE UNIQUE INDEX "${row.name}" ON users (email) WHERE email != ''`];
    } finally {
      db.close();
    }
  }
});
