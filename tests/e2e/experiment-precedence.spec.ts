// "The experiment wins, and the screen says so": while an A/B test runs on an element, an enabled
// optimization on the same element is not applied on the test's pages. Optimizations says so on
// the rule's card and the test's detail view names the rule; once the test is paused, both notes go.
import { expect, test } from '@playwright/test';
import { addSite, createUser, newDomain, signInBrowser, superuser } from './dashboard/helpers';

test('a running test on a rule’s element: Optimizations and the test both say which one applies', async ({ page }) => {
  test.setTimeout(60_000);
  const owner = await createUser();
  const site = await addSite(owner.pb, newDomain('precedence'));
  await (await superuser()).collection('sites').update(site.id, { plan_tier: 'growth' });
  const goal = await owner.pb
    .collection('goals')
    .create({ site_id: site.id, name: 'Signup', type: 'url', match: '/thanks', enabled: true });
  const rules = owner.pb.collection('optimization_rules');
  const base = { site_id: site.id, rule_type: 'cta_text', enabled: true, rollout_percentage: 100, url_pattern: '/pricing' };
  await rules.create({ ...base, name: 'Old headline', selector: 'h1.hero', changes: [{ type: 'set_text', value: 'Old' }] });
  await rules.create({ ...base, name: 'Footer link', selector: 'footer a', changes: [{ type: 'hide' }] });
  const exp = await owner.pb.collection('experiments').create({
    site_id: site.id,
    status: 'draft',
    name: 'Headline test',
    selector: 'h1.hero',
    url_pattern: '/pricing',
    variants: [
      { key: 'control', name: 'Control', weight: 0.5, changes: [] },
      { key: 'b', name: 'Short headline', weight: 0.5, changes: [{ type: 'set_text', value: 'Start free' }] },
    ],
    primary_goal: goal.id,
  });

  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard/optimizations');
  await expect(page.getByTestId('optimization-card')).toHaveCount(2);
  // A draft test takes nothing from the rules.
  await expect(page.getByTestId('rule-yields')).toHaveCount(0);

  await owner.pb.collection('experiments').update(exp.id, { status: 'running' });
  const oldHeadline = page.getByTestId('optimization-card').filter({ hasText: 'Old headline' });
  await expect(oldHeadline.getByTestId('rule-yields')).toHaveText(
    'Not applied on /pricing while the A/B test “Headline test” runs on the same element.',
  );
  await expect(page.getByTestId('rule-yields')).toHaveCount(1);

  await page.goto('/dashboard/tests');
  await page.getByRole('button', { name: 'Headline test' }).click();
  await expect(page.getByTestId('yielding-rules')).toHaveText(
    "This test takes precedence over the optimization “Old headline” on the same element: it is not applied on the test's pages while the test runs.",
  );
  await page.getByRole('button', { name: 'Pause Test' }).click();
  await expect(page.getByTestId('yielding-rules')).toHaveCount(0);

  await page.goto('/dashboard/optimizations');
  await expect(page.getByTestId('optimization-card')).toHaveCount(2);
  await expect(page.getByTestId('rule-yields')).toHaveCount(0);
});
