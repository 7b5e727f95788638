// Two-step sign-in in Chromium: a user turns it on in Settings -> Account with the mailed code and
// sees the recovery codes once, signs out, signs in with the password and the next mailed code (a
// wrong code first is refused), and once more with a recovery code instead; and a site owner's
// requirement of it for the team, as a member without it meets it.
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from '../islands';
import { receivedMails } from '../mailbox';
import { addSite, createUser, newDomain, signInBrowser, superuser } from './helpers';

const SUBJECT = 'Your Upliftly code';

/** The code of the n-th code mail (1-based) to `to`. */
async function nthCode(to: string, n: number): Promise<string> {
  const codes = () => receivedMails().filter((m) => m.to.includes(to) && m.subject === SUBJECT);
  await expect.poll(() => codes().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(n);
  const code = /\b(\d{6})\b/.exec(codes()[n - 1]?.text ?? '')?.[1];
  expect(code).toBeTruthy();
  return code as string;
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await page.waitForURL('**/auth');
  await hydrated(page, 'AuthPanel');
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a user turns on two-step sign-in, then signs in with the mailed code and with a recovery code', async ({ page }) => {
  test.setTimeout(60_000);
  const user = await createUser();
  await signInBrowser(page, user.pb);
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Account' }).click();
  const card = page.getByTestId('two-step');
  await expect(card.getByTestId('two-step-state')).toHaveText('Off');

  await card.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(card.getByText(`We sent a 6-digit code to ${user.email}. It expires in 5 minutes.`)).toBeVisible();
  await card.getByLabel('Code').fill(await nthCode(user.email, 1));
  await card.getByRole('button', { name: 'Turn on', exact: true }).click();
  const codes = card.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(8);
  const recovery = (await codes.first().textContent()) ?? '';
  expect(recovery).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await expect(card.getByTestId('two-step-state')).toHaveText('On · 8 of 8 recovery codes left');
  await card.getByRole('button', { name: 'I saved them' }).click();
  await expect(card.getByTestId('recovery-codes')).toHaveCount(0);

  // Sign out, sign in: the password alone is not enough.
  await signOut(page);
  await passwordStep(page, user.email, user.password);
  await expect(page.getByTestId('auth-code-prompt')).toHaveText(`Enter the 6-digit code we sent to ${user.email}`);
  const code = await nthCode(user.email, 2);
  await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The code is wrong or has expired' })).toHaveText(
    'The code is wrong or has expired. Check the email, or send a new code.',
  );
  expect(page.url()).toMatch(/\/auth$/);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/dashboard');

  // Again, with a recovery code instead of the mail.
  await signOut(page);
  await passwordStep(page, user.email, user.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/dashboard');
  await page.goto('/dashboard/settings?tab=account');
  await expect(page.getByTestId('two-step-state')).toHaveText('On · 7 of 8 recovery codes left');
});

test('an owner requires two-step sign-in of the team: a member without it cannot open the site until they turn it on', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const owner = await createUser();
  const member = await createUser();
  const domain = newDomain('mfa-team');
  const site = await addSite(owner.pb, domain);
  await (
    await superuser()
  )
    .collection('site_members')
    .create({ site_id: site.id, user_id: member.id, email: member.email, role: 'editor', status: 'active' });
  // The owner uses it first (through the API here; the UI is the test above).
  const { otpId } = await owner.pb.collection('users').requestOTP(owner.email);
  await owner.pb.send('/api/cro/mfa/enable', { method: 'POST', body: { otpId, code: await nthCode(owner.email, 1) } });

  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard/team');
  const security = page.getByTestId('team-security');
  await expect(security.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  await security.getByRole('switch').click();
  await expect(page.getByText('Two-step sign-in required')).toBeVisible();
  await expect(security.getByRole('switch')).toHaveAttribute('aria-checked', 'true');

  const context = await browser.newContext();
  const other = await context.newPage();
  await signInBrowser(other, member.pb);
  await other.goto('/dashboard');
  await expect(other.getByTestId('mfa-required')).toContainText(`The team of ${domain} requires two-step sign-in`);
  await expect(member.pb.collection('sites').getOne(site.id)).rejects.toMatchObject({ status: 404 });

  await other.getByTestId('mfa-required').getByRole('button', { name: 'Set it up' }).click();
  const card = other.getByTestId('two-step');
  await expect(card.getByTestId('two-step-required')).toHaveText(`The team of ${domain} requires two-step sign-in: turn it on to open it.`);
  await card.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await card.getByLabel('Code').fill(await nthCode(member.email, 1));
  await card.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(card.getByTestId('recovery-codes')).toBeVisible();
  await expect(other.getByTestId('mfa-required')).toHaveCount(0);
  expect((await member.pb.collection('sites').getOne(site.id)).domain).toBe(domain);
  await expect(card.getByRole('button', { name: 'Turn off' })).toBeDisabled();
  await context.close();
});
