// Every dashboard route at a desktop (1440x900) and a phone (390x844) size: no fixed or sticky
// element (the LIVE KPI card, the header) lies over an enabled control. Each control is scrolled to
// the middle of the viewport (or as far as the page scrolls) and the element at its centre must be
// the control itself, as a click there would find it.
import { expect, test, type Page } from '@playwright/test';
import { ROUTE_PATHS } from '../../../src/dashboard/data/router';
import { addSite, createUser, signInBrowser, superuser } from './helpers';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/** Controls under a fixed or sticky element that does not contain them, described for the failure message. */
async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const pinned = (el: Element | null): Element | null => {
      for (let a = el; a && a !== document.documentElement; a = a.parentElement) {
        const position = getComputedStyle(a).position;
        if (position === 'fixed' || position === 'sticky') return a;
      }
      return null;
    };
    const controls = [
      ...document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="switch"], [role="tab"]'),
    ].filter((el) => {
      if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true') return false;
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // Visually hidden controls (the skip link until it is focused) are clipped away: not there to click.
      const clipped = style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)';
      return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && !clipped;
    });
    const covered: string[] = [];
    for (const el of controls) {
      // A control that is itself part of a pinned element (the header, the card) is where it belongs.
      if (pinned(el)) continue;
      el.scrollIntoView({ block: 'center', inline: 'center' });
      await new Promise(requestAnimationFrame);
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue; // in a scrolled box that cannot show it
      const hit = document.elementFromPoint(x, y);
      if (!hit || el.contains(hit) || hit.contains(el)) continue;
      const cover = pinned(hit);
      if (cover && !cover.contains(el)) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
        covered.push(
          `${el.tagName.toLowerCase()} "${name}" under ${cover.tagName.toLowerCase()}[${cover.getAttribute('aria-label') ?? cover.className}]`,
        );
      }
    }
    return covered;
  });
}

test('no fixed element covers an enabled control on any dashboard route, at 1440x900 and 390x844', async ({ page }) => {
  test.setTimeout(240_000);
  const owner = await createUser();
  const site = await addSite(owner.pb, `covered-${Date.now().toString(36)}.example.com`);
  const admin = await superuser();
  // Enterprise, so that every screen shows its controls (CRO Workers' switches, reports, the API).
  await admin.collection('sites').update(site.id, { plan_tier: 'enterprise' });
  // A rule, so that Safety shows its Apply and Manual Rollback buttons at the bottom of the page.
  for (const priority of [3, 2, 1]) {
    await owner.pb.collection('optimization_rules').create({
      site_id: site.id,
      rule_type: 'cta_text',
      name: `Rule ${priority}`,
      priority,
      enabled: true,
      rollout_percentage: 50,
      selector: '#buy',
      changes: [{ type: 'set_text', value: 'Buy now' }],
    });
  }
  await signInBrowser(page, owner.pb);

  const found: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const [name, path] of Object.entries(ROUTE_PATHS)) {
      if (name === 'admin') continue; // admins only: it sends everyone else to the Overview
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // The screen's data arrives after its heading (realtime keeps a request open, so no network idle).
      await expect(page.locator('.animate-spin'), `the screen at ${path} still loading`).toHaveCount(0);
      for (const c of await coveredControls(page)) found.push(`${size.width}x${size.height} ${path}: ${c}`);
    }
  }
  expect(found).toEqual([]);
});
