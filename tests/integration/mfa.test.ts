// Two-step sign-in over HTTP against the real server, with the codes read from the mails a real
// SMTP listener received: enrolment, sign-in with the emailed code, wrong codes, recovery codes
// (once each), the owner's requirement for the team, and the fields users may never write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientResponseError } from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../helpers/pocketbase';
import { startSmtp, type ReceivedMail, type SmtpListener } from '../helpers/smtp';

let server: TestServer;
let smtp: SmtpListener;
const read = new Set<ReceivedMail>();

beforeAll(async () => {
  smtp = await startSmtp();
  // A high address limit: every request here comes from one address.
  server = await startPocketBase({ env: { ...smtp.env, CRO_AUTH_RATE_LIMIT: '1000', CRO_AUTH_ACCOUNT_LIMIT: '3' } });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

/** The code of the next unread code mail to email. */
async function mailedCode(email: string): Promise<string> {
  const mail = await smtp.waitFor((m) => !read.has(m) && m.to.includes(email) && m.subject === 'Your Upliftly code');
  read.add(mail);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code, mail.text).toBeTruthy();
  return code as string;
}

/** A request as `who` (a user, a token, or nobody). */
async function call(who: TestUser | string | null, method: string, path: string, body?: unknown) {
  const token = typeof who === 'string' ? who : who ? who.client.authStore.token : '';
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
}

async function enrol(user: TestUser): Promise<string[]> {
  const { otpId } = await user.client.collection('users').requestOTP(user.email);
  const res = await call(user, 'POST', '/api/cro/mfa/enable', { otpId, code: await mailedCode(user.email) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.recovery_codes as string[];
}

/** The password step of a user with two-step sign-in: the mfaId from the 401. */
async function passwordStep(user: TestUser): Promise<string> {
  const err = await server
    .anonymous()
    .collection('users')
    .authWithPassword(user.email, user.password)
    .then(
      () => null,
      (e: unknown) => e as ClientResponseError,
    );
  expect(err?.status).toBe(401);
  const mfaId = (err?.response as { mfaId?: string }).mfaId;
  expect(mfaId).toMatch(/^[a-z0-9]{15}$/);
  return mfaId as string;
}

describe('two-step sign-in', () => {
  it('turns on only with the mailed code, then asks every sign-in for a second code', async () => {
    const user = await server.createUser();
    const { otpId } = await user.client.collection('users').requestOTP(user.email);
    const code = await mailedCode(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await call(user, 'POST', '/api/cro/mfa/enable', { otpId, code: wrong });
    expect(refused).toMatchObject({
      status: 400,
      body: { message: 'The code is wrong or has expired. Ask for a new code and try again.' },
    });
    expect((await call(user, 'GET', '/api/cro/mfa')).body).toMatchObject({ enabled: false });

    const on = await call(user, 'POST', '/api/cro/mfa/enable', { otpId, code });
    expect(on.status).toBe(200);
    const codes = on.body.recovery_codes as string[];
    expect(codes).toHaveLength(8);
    expect(new Set(codes).size).toBe(8);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await call(user, 'GET', '/api/cro/mfa')).body).toEqual({ enabled: true, recovery_codes_left: 8, required_by: [] });
    // Stored hashed, and never in an answer.
    const stored = await server.admin.collection('users').getOne(user.record.id);
    expect(stored.mfa_recovery).toHaveLength(8);
    expect(JSON.stringify(stored.mfa_recovery)).not.toContain(String(codes[0]).replace('-', ''));
    expect((await user.client.collection('users').getOne(user.record.id)).mfa_recovery).toBeUndefined();

    // Sign in: password, then the mailed code with the mfaId.
    const mfaId = await passwordStep(user);
    const pb = server.anonymous();
    const sent = await pb.collection('users').requestOTP(user.email);
    const signInCode = await mailedCode(user.email);
    const bad = signInCode === '000000' ? '111111' : '000000';
    await expect(pb.collection('users').authWithOTP(sent.otpId, bad, { mfaId })).rejects.toMatchObject({ status: 400 });
    expect(pb.authStore.isValid).toBe(false);
    const auth = await pb.collection('users').authWithOTP(sent.otpId, signInCode, { mfaId });
    expect(auth.record.id).toBe(user.record.id);
    expect(pb.authStore.isValid).toBe(true);
    // The mfaId is spent.
    const again = await pb.collection('users').requestOTP(user.email);
    await expect(
      server
        .anonymous()
        .collection('users')
        .authWithOTP(again.otpId, await mailedCode(user.email), { mfaId }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('never signs in with the emailed code alone', async () => {
    const user = await server.createUser();
    const pb = server.anonymous();
    const { otpId } = await pb.collection('users').requestOTP(user.email);
    await expect(pb.collection('users').authWithOTP(otpId, await mailedCode(user.email))).rejects.toMatchObject({
      status: 400,
      response: { message: 'Sign in with your password first; the emailed code completes it.' },
    });
    expect(pb.authStore.isValid).toBe(false);
  });

  it('a right password followed by the code step is not a failed sign-in', async () => {
    const user = await server.createUser();
    await enrol(user);
    // CRO_AUTH_ACCOUNT_LIMIT is 3 here: each password step must not count as a failure.
    for (let i = 0; i < 5; i++) await passwordStep(user);
  });

  it('a recovery code completes a sign-in once, and not twice', async () => {
    const user = await server.createUser();
    const codes = await enrol(user);
    const first = await call(null, 'POST', '/api/cro/mfa/recover', {
      mfaId: await passwordStep(user),
      code: String(codes[0]).toUpperCase(),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((first.body.record as { id: string }).id).toBe(user.record.id);
    expect(first.body.token).toEqual(expect.any(String));

    const second = await call(null, 'POST', '/api/cro/mfa/recover', { mfaId: await passwordStep(user), code: codes[0] });
    expect(second).toMatchObject({ status: 400, body: { message: 'That recovery code is wrong or was already used.' } });
    expect(second.body.token).toBeUndefined();
    // Without a password step there is nothing to complete.
    expect((await call(null, 'POST', '/api/cro/mfa/recover', { mfaId: 'abcdefghijklmno', code: codes[1] })).status).toBe(400);

    // The token works, and one code is gone.
    expect((await call(first.body.token as string, 'GET', '/api/cro/mfa')).body).toMatchObject({ enabled: true, recovery_codes_left: 7 });
  });

  it('turning it off needs a code, and an operator reset drops the recovery codes', async () => {
    const user = await server.createUser();
    await enrol(user);
    expect((await call(user, 'POST', '/api/cro/mfa/disable', { otpId: 'x', code: '123456' })).status).toBe(400);
    const { otpId } = await user.client.collection('users').requestOTP(user.email);
    expect((await call(user, 'POST', '/api/cro/mfa/disable', { otpId, code: await mailedCode(user.email) })).status).toBe(200);
    expect((await server.admin.collection('users').getOne(user.record.id)).mfa_recovery).toBeNull();
    // Signing in is one step again.
    await server.anonymous().collection('users').authWithPassword(user.email, user.password);

    await enrol(user);
    await server.admin.collection('users').update(user.record.id, { mfa_enabled: false });
    expect((await server.admin.collection('users').getOne(user.record.id)).mfa_recovery).toBeNull();
    await server.anonymous().collection('users').authWithPassword(user.email, user.password);
  });

  it('users can never write mfa_enabled or the recovery codes, nor a site their requirement', async () => {
    const user = await server.createUser();
    const users = user.client.collection('users');
    await expect(users.update(user.record.id, { mfa_enabled: true })).rejects.toBeInstanceOf(ClientResponseError);
    // A hidden field is dropped from a user's body before the rule is read: the update changes nothing.
    await users.update(user.record.id, { mfa_recovery: ['x'] }).catch(() => undefined);
    expect((await server.admin.collection('users').getOne(user.record.id)).mfa_recovery).toBeNull();
    await expect(
      server
        .anonymous()
        .collection('users')
        .create({
          email: `new-${Date.now()}@example.com`,
          password: 'pass-word-7391',
          passwordConfirm: 'pass-word-7391',
          mfa_enabled: true,
        }),
    ).rejects.toMatchObject({ status: 400 });
    expect((await server.admin.collection('users').getOne(user.record.id)).mfa_enabled).toBe(false);

    const site = await user.client.collection('sites').create({ user_id: user.record.id, domain: `own-${Date.now()}.example.com` });
    await expect(user.client.collection('sites').update(site.id, { require_mfa: true })).rejects.toBeInstanceOf(ClientResponseError);
    await expect(
      user.client.collection('sites').create({ user_id: user.record.id, domain: `req-${Date.now()}.example.com`, require_mfa: true }),
    ).rejects.toMatchObject({ status: 400 });
    expect((await server.admin.collection('sites').getOne(site.id)).require_mfa).toBe(false);
  });
});

describe('required by the site owner', () => {
  it('keeps a member without it out of the site until they turn it on', async () => {
    const owner = await server.createUser();
    const member = await server.createUser();
    const admin = await server.createUser();
    const domain = `team-${Date.now()}.example.com`;
    const site = await owner.client.collection('sites').create({ user_id: owner.record.id, domain });
    for (const [u, role] of [
      [member, 'editor'],
      [admin, 'admin'],
    ] as const) {
      await server.admin
        .collection('site_members')
        .create({ site_id: site.id, user_id: u.record.id, email: u.email, role, status: 'active' });
    }
    const goal = await member.client
      .collection('goals')
      .create({ site_id: site.id, name: 'Signup', type: 'event', match: 'signup', enabled: true });
    const require = (u: TestUser, required: unknown) => call(u, 'POST', `/api/cro/sites/${site.id}/require-mfa`, { required });

    expect(await require(owner, true)).toMatchObject({
      status: 400,
      body: { message: 'Turn on two-step sign-in for your own account first (Settings -> Account).' },
    });
    expect((await require(owner, 'yes')).status).toBe(400);
    await enrol(admin);
    expect(await require(admin, true)).toMatchObject({ status: 403 });
    expect((await require(await server.createUser(), true)).status).toBe(404);
    await enrol(owner);
    expect(await require(owner, true)).toMatchObject({ status: 200, body: { required: true } });

    // The member without it reads and changes nothing of the site, through any route.
    await expect(member.client.collection('sites').getOne(site.id)).rejects.toMatchObject({ status: 404 });
    expect(await member.client.collection('goals').getFullList({ filter: `site_id = "${site.id}"` })).toHaveLength(0);
    await expect(member.client.collection('goals').update(goal.id, { name: 'x' })).rejects.toMatchObject({ status: 404 });
    expect((await call(member, 'GET', '/api/cro/mfa')).body).toEqual({
      enabled: false,
      recovery_codes_left: 0,
      required_by: [{ site_id: site.id, domain }],
    });
    // Those who have it keep their access.
    expect((await admin.client.collection('sites').getOne(site.id)).id).toBe(site.id);
    expect((await owner.client.collection('sites').getOne(site.id)).id).toBe(site.id);

    await enrol(member);
    expect((await member.client.collection('goals').getOne(goal.id)).name).toBe('Signup');
    expect((await member.client.collection('sites').getOne(site.id)).editor_ids).toContain(member.record.id);

    // It cannot be turned off while the site requires it.
    const { otpId } = await member.client.collection('users').requestOTP(member.email);
    const off = await call(member, 'POST', '/api/cro/mfa/disable', { otpId, code: await mailedCode(member.email) });
    expect(off).toMatchObject({ status: 400 });
    expect(off.body.message).toContain(domain);

    // An operator's reset takes the access away until the member turns it on again.
    await server.admin.collection('users').update(member.record.id, { mfa_enabled: false });
    await expect(member.client.collection('sites').getOne(site.id)).rejects.toMatchObject({ status: 404 });

    // Lifting the requirement gives it back.
    expect((await require(owner, false)).status).toBe(200);
    expect((await member.client.collection('sites').getOne(site.id)).id).toBe(site.id);
  });
});
