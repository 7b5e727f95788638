// The visual editor end to end in Chromium, on the fixture shop and the fixture SPA. From the Create
// Test wizard the owner opens the editor on the shop's checkout, selects the checkout button by
// clicking (no selector typed anywhere), changes its text and colour, moves the trust badge above
// it and saves: the variant holds exactly those changes, with a selector that matches exactly that
// button; once the test runs, a visitor assigned to the variant sees them in every painted frame.
// On the SPA (History API routes, the checkout rendered 1 s late, then re-rendered) the same holds
// after a client-side navigation. An expired token, another site's token and a viewer load nothing
// and change nothing (network log and DOM).
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import type PocketBase from 'pocketbase';
import { assignVariant } from '../../src/lib/assignment';
import { BASE, createUser, newDomain, signInBrowser, superuser } from './dashboard/helpers';
import { expectNoSeriousViolations } from './axe';
import { visitorBrowser } from './visitors';

const SHOP = process.env.TRACKER_FIXTURE_ORIGIN ?? '';
const visitorContext = visitorBrowser();
const NEW_TEXT = 'Complete secure checkout';
const GREEN = '#16a34a';
/** A 4x2 PNG. */
const PNG_4X2 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAAEElEQVR4nGMQaDCAIwZkDgBNGgYBLKwb1gAAAABJRU5ErkJggg==',
  'base64',
);

interface Site {
  id: string;
  public_key: string;
  domain: string;
}

async function ownerWithSite(): Promise<{ owner: Awaited<ReturnType<typeof createUser>>; site: Site; admin: PocketBase }> {
  const owner = await createUser();
  const site = await owner.pb.collection('sites').create<Site>({ user_id: owner.id, domain: newDomain('visual') });
  const admin = await superuser();
  await admin.collection('sites').update(site.id, { plan_tier: 'growth' });
  return { owner, site, admin };
}

/** The editor's panel inside its shadow root on the customer's page. */
const panelOf = (p: Page) => p.locator('cro-editor section[aria-label="Visual editor"]');

/** In the open editor: select `button` by clicking it, change text and colour, move `badge` above it, save. */
async function editCheckout(editor: Page, button: string, badge: string): Promise<void> {
  const panel = panelOf(editor);
  await expect(panel).toBeVisible();
  await editor.locator(button).click();
  await expect(panel.getByRole('button', { name: 'Edit text' })).toBeVisible();
  // 'Suggest copy' (no model configured here: the built-in engine, labelled so); a choice fills the change.
  await panel.getByRole('button', { name: 'Suggest copy' }).click();
  const ideas = panel.getByRole('group', { name: 'Suggested copy' });
  await expect(ideas).toContainText('Suggested by the built-in engine');
  await expect(ideas.getByRole('button')).toHaveCount(3);
  const idea = (await ideas.getByRole('button').first().textContent())!;
  await ideas.getByRole('button').first().click();
  await expect(editor.locator(button)).toHaveText(idea);
  await panel.getByRole('button', { name: 'Edit text' }).click();
  await expect(editor.locator(button)).toHaveAttribute('contenteditable', 'plaintext-only');
  await editor.keyboard.press('ControlOrMeta+A');
  await editor.keyboard.type(NEW_TEXT);
  await editor.keyboard.press('Enter');
  await expect(editor.locator(button)).toHaveText(NEW_TEXT);
  await panel.getByLabel('Background').fill(GREEN);
  await expect(editor.locator(button)).toHaveCSS('background-color', 'rgb(22, 163, 74)');
  await editor.locator(badge).first().click();
  await panel.getByRole('button', { name: 'Move above the changed element' }).click();
  await expect(panel.getByRole('status')).toHaveText('Moved.');
  // Preview at a phone's width: the same page in a 390 px frame, changed by the same engine.
  await panel.getByRole('button', { name: 'Mobile' }).click();
  const framed = editor.locator('cro-editor iframe');
  await expect(framed).toHaveAttribute('title', 'Preview at 390 px');
  expect((await framed.boundingBox())!.width).toBeLessThanOrEqual(390);
  await expect(editor.frameLocator('cro-editor iframe').locator(button)).toHaveText(NEW_TEXT);
  await panel.getByRole('button', { name: 'Desktop' }).click();
  await expect(framed).toHaveCount(0);
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('status')).toHaveText('Saved. The test now holds these changes.');
}

/** Starts the test and returns a visitor id the assignment puts in variant b. */
async function startAndPickVisitor(owner: { pb: PocketBase }, id: string): Promise<string> {
  const x = await owner.pb.collection('experiments').update(id, { status: 'running' });
  for (let i = 0; ; i++) {
    const v = `visualv${i}x${Date.now().toString(36)}`;
    if (
      assignVariant(
        v,
        x.seed,
        x.traffic / 100,
        x.variants.map((w: { weight: number }) => w.weight),
      ) === 1
    )
      return v;
  }
}

/** A visitor (preset id) whose pages record, right before every paint, the button as shown and where the badge is. */
async function variantVisitor(visitorId: string) {
  const ctx = await visitorContext();
  await ctx.addInitScript((v) => {
    localStorage.setItem('cro_v', v);
    const frames: string[] = [];
    (window as unknown as { frames_: string[] }).frames_ = frames;
    const sample = () => {
      const b = document.querySelector('#place-order, #spa-pay');
      if (b) {
        const cs = getComputedStyle(b);
        if (cs.visibility === 'hidden') frames.push('(hidden)');
        else {
          const shown = Array.from(document.querySelectorAll('.trust-badge')).filter((x) => getComputedStyle(x).display !== 'none');
          const above = shown.length === 1 && !!(shown[0]!.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
          frames.push(`${b.textContent}|${cs.backgroundColor}|${above ? 'badge above' : `${shown.length} badge(s), not above`}`);
        }
      }
      if (frames.length < 2000) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  }, visitorId);
  return ctx;
}
const VARIANT_FRAME = `${NEW_TEXT}|rgb(22, 163, 74)|badge above`;

test('shop: from the Create Test wizard, click, change, move, save; a variant visitor sees it in every frame', async ({ page }) => {
  test.setTimeout(120_000);
  const { owner, site, admin } = await ownerWithSite();
  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard/tests');
  await page.getByRole('button', { name: 'Create Test' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create Test' });
  await wizard.getByLabel('Test name').fill('Checkout button');
  await wizard.getByLabel('Page (URL pattern)').fill('/checkout');
  await wizard.getByLabel('Page to edit').fill(`${SHOP}/checkout?cro_key=${site.public_key}`);
  const popup = page.waitForEvent('popup');
  await wizard.getByRole('button', { name: 'Create draft and edit visually' }).click();
  const editor = await popup;
  await editor.waitForURL(`${SHOP}/checkout?cro_key=${site.public_key}`); // the token left the URL
  await editCheckout(editor, '#place-order', '.trust-badge');

  const x = await owner.pb.collection('experiments').getFirstListItem(`site_id = "${site.id}"`);
  expect(x.variants[0].changes).toEqual([]);
  expect(x.variants[1].changes).toEqual([
    { type: 'set_text', value: NEW_TEXT },
    { type: 'set_style', name: 'background-color', value: GREEN },
    { type: 'insert_before', value: '<p class="trust-badge" data-cro-moved="">Secure payment · Free returns</p>' },
    {
      type: 'inject_css',
      name: 'move',
      value: 'p.trust-badge:not([data-cro-moved]),[data-cro-moved]:has(~[data-cro-moved]){display:none!important}',
    },
  ]);
  // Exactly that button, on the page as it is.
  const matched = await editor.evaluate((q) => Array.from(document.querySelectorAll(q)).map((el) => el.id), x.selector as string);
  expect(matched).toEqual(['place-order']);
  const audit = await admin
    .collection('optimization_audit_log')
    .getFirstListItem(`experiment_id = "${x.id}" && action != "statistics_changed"`);
  expect(audit.actor_id).toBe(owner.id);
  expect(audit.reason).toBe(`Changed in the visual editor by ${owner.email}`);

  // The panel is keyboard-usable and axe-clean inside its shadow root; closing leaves no trace.
  await expectNoSeriousViolations(editor, { include: 'cro-editor' });
  const panel = panelOf(editor);
  await panel.getByRole('button', { name: 'Close the editor' }).focus();
  await editor.keyboard.press('Enter');
  await expect(editor.locator('cro-editor')).toHaveCount(0);
  await expect(editor.locator('#place-order')).toHaveText('Place order');
  await expect(editor.locator('[data-cro-moved], [contenteditable], style')).toHaveCount(1); // the layout's own <style>
  await expect(editor.locator('#place-order')).not.toHaveAttribute('style');
  await editor.close();

  const visitorId = await startAndPickVisitor(owner, x.id);
  const ctx = await variantVisitor(visitorId);
  const visitor = await ctx.newPage();
  await visitor.goto(`${SHOP}/checkout?cro_key=${site.public_key}`);
  await expect(visitor.locator('#place-order')).toHaveText(NEW_TEXT);
  await visitor.waitForTimeout(500);
  const frames = await visitor.evaluate(() => (window as unknown as { frames_: string[] }).frames_.slice());
  await ctx.close();
  expect(frames.filter((f) => f !== '(hidden)').length).toBeGreaterThan(0);
  expect(frames.filter((f) => f !== '(hidden)' && f !== VARIANT_FRAME)).toEqual([]);
});

test('SPA: late, re-rendered checkout after a client-side route; the visitor sees the variant in every frame', async ({ page }) => {
  test.setTimeout(120_000);
  const { owner, site } = await ownerWithSite();
  const x = await owner.pb.collection('experiments').create({
    site_id: site.id,
    name: 'SPA pay button',
    url_pattern: '/spa/checkout',
    primary_goal: 'revenue',
    selector: '',
    status: 'draft',
    variants: [
      { key: 'control', name: 'Control', weight: 0.5, changes: [] },
      { key: 'b', name: 'Green', weight: 0.5, changes: [] },
    ],
  });
  await signInBrowser(page, owner.pb);
  await page.goto(`/dashboard/tests`);
  await page.getByText('SPA pay button').first().click();
  await page.getByLabel('Page to edit').fill(`${SHOP}/spa?cro_key=${site.public_key}`);
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Edit visually' }).click();
  const editor = await popup;
  // Opened on the SPA's first route: select its heading, then browse to the checkout with the app's
  // own client-side navigation; the editor says the selection left the page.
  const panel = panelOf(editor);
  await expect(panel).toBeVisible(); // the tracker loads the editor at idle time: a click before it goes to the page
  await editor.locator('h1').click();
  await expect(panel).toContainText('Selector: h1');
  await panel.getByRole('button', { name: 'Browse the page' }).click();
  await editor.locator('#to-checkout').click();
  await expect(editor).toHaveURL(/\/spa\/checkout/);
  await expect(panel.getByRole('alert')).toHaveText('The selected element left the page (navigation or re-render).');
  await panel.getByRole('button', { name: /^Browsing/ }).click();
  await expect(editor.locator('#spa-pay')).toBeVisible(); // rendered 1 s after the route
  await editor.waitForTimeout(800); // and re-rendered
  await editCheckout(editor, '#spa-pay', '.trust-badge');
  const saved = await owner.pb.collection('experiments').getOne(x.id);
  expect(saved.selector).toBe('#spa-pay');
  expect(saved.variants[1].changes).toEqual([
    { type: 'set_text', value: NEW_TEXT },
    { type: 'set_style', name: 'background-color', value: GREEN },
    { type: 'insert_before', value: '<p class="trust-badge" data-cro-moved="">Secure payment</p>' },
    {
      type: 'inject_css',
      name: 'move',
      value: 'p.trust-badge:not([data-cro-moved]),[data-cro-moved]:has(~[data-cro-moved]){display:none!important}',
    },
  ]);
  await editor.close();

  const visitorId = await startAndPickVisitor(owner, x.id);
  const ctx = await variantVisitor(visitorId);
  const visitor = await ctx.newPage();
  await visitor.goto(`${SHOP}/spa?cro_key=${site.public_key}`);
  await visitor.locator('#to-checkout').click(); // History API navigation, no page load
  await expect(visitor.locator('#spa-pay')).toHaveText(NEW_TEXT);
  await visitor.waitForTimeout(1200); // past the re-render
  await expect(visitor.locator('#spa-pay')).toHaveText(NEW_TEXT);
  const frames = await visitor.evaluate(() => (window as unknown as { frames_: string[] }).frames_.slice());
  await ctx.close();
  expect(frames.filter((f) => f !== '(hidden)').length).toBeGreaterThan(0);
  expect(frames.filter((f) => f !== '(hidden)' && f !== VARIANT_FRAME)).toEqual([]);

  // Running: the editor opens read-only and points to duplicating; the copy is a draft with the same variants.
  const { token } = await owner.pb.send<{ token: string }>('/api/cro/edit-tokens', {
    method: 'POST',
    body: { kind: 'experiment', id: x.id, variant: 'b' },
  });
  const frozen = await page.context().newPage();
  await frozen.goto(`${SHOP}/spa/checkout?cro_key=${site.public_key}#cro-edit=${token}`);
  const readOnly = panelOf(frozen);
  await expect(readOnly).toContainText('This test has started: its variants are frozen and open read-only.');
  await expect(frozen.locator('#spa-pay')).toHaveText(NEW_TEXT); // the variant, previewed
  await frozen.locator('#spa-pay').click();
  await expect(readOnly.getByRole('button', { name: 'Edit text' })).toHaveCount(0);
  await expect(readOnly.getByRole('button', { name: 'Save' })).toBeDisabled();
  const opened = frozen.context().waitForEvent('page');
  await readOnly.getByRole('link', { name: 'open the test' }).click();
  const dash = await opened;
  await dash.getByRole('button', { name: 'Duplicate' }).click();
  await expect(dash.getByRole('heading', { name: 'SPA pay button (copy)' })).toBeVisible();
  const copy = await owner.pb.collection('experiments').getFirstListItem(`name = "SPA pay button (copy)"`);
  expect(copy.status).toBe('draft');
  expect(copy.selector).toBe('#spa-pay');
  expect(copy.variants).toEqual(saved.variants);
});

test('a rule: insert a Pattern Library pattern below the changed element, drag another element above it, save', async ({ page }) => {
  test.setTimeout(90_000);
  const { owner, site } = await ownerWithSite();
  const rule = await owner.pb.collection('optimization_rules').create({
    site_id: site.id,
    rule_type: 'guarantee',
    name: 'Checkout reassurance',
    selector: '#place-order',
    changes: [{ type: 'set_text', value: 'Place order now' }],
    enabled: false,
    rollout_percentage: 100,
  });
  const { token } = await owner.pb.send<{ token: string }>('/api/cro/edit-tokens', { method: 'POST', body: { kind: 'rule', id: rule.id } });
  const editor = await page.context().newPage();
  await editor.goto(`${SHOP}/checkout?cro_key=${site.public_key}#cro-edit=${token}`);
  const panel = panelOf(editor);
  await expect(editor.locator('#place-order')).toHaveText('Place order now');
  await editor.locator('#place-order').click();
  const insert = panel.getByRole('group', { name: 'Insert a pattern' });
  await insert.getByLabel('Pattern from the library').selectOption({ label: 'Money-back guarantee statement (trust)' });
  await insert.getByRole('button', { name: 'Insert below' }).click();
  await expect(panel.getByRole('status')).toHaveText('Inserted “Money-back guarantee statement” below the element.');
  await expect(editor.locator('#place-order + p.cro-guarantee')).toHaveText('✔ 30-day money-back guarantee');

  // Drag the trust badge onto the upper half of the changed button: it moves above it.
  const badge = editor.locator('p.trust-badge');
  await badge.click();
  const from = (await badge.boundingBox())!;
  const to = (await editor.locator('#place-order').boundingBox())!;
  await editor.mouse.move(from.x + 10, from.y + from.height / 2);
  await editor.mouse.down();
  await editor.mouse.move(to.x + to.width / 2, to.y + 3, { steps: 8 });
  await editor.mouse.up();
  await expect(panel.getByRole('status')).toHaveText('Moved.');
  await expect(editor.locator('p.trust-badge[data-cro-moved] + #place-order')).toHaveCount(1);
  await expect(editor.locator('p.trust-badge:not([data-cro-moved])')).toBeHidden();
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('status')).toHaveText('Saved. The rule now holds these changes.');
  const saved = await owner.pb.collection('optimization_rules').getOne(rule.id);
  expect(saved.selector).toBe('#place-order');
  expect(saved.changes).toEqual([
    { type: 'set_text', value: 'Place order now' },
    { type: 'insert_after', value: '<p class="cro-guarantee" style="font-size:14px">✔ 30-day money-back guarantee</p>' },
    { type: 'insert_before', value: '<p class="trust-badge" data-cro-moved="">Secure payment · Free returns</p>' },
    {
      type: 'inject_css',
      name: 'move',
      value: 'p.trust-badge:not([data-cro-moved]),[data-cro-moved]:has(~[data-cro-moved]){display:none!important}',
    },
  ]);
});

test('a draft test with nothing changed yet: dropping the selection on an element makes that element the changed one', async ({ page }) => {
  test.setTimeout(60_000);
  const { owner, site } = await ownerWithSite();
  const x = await owner.pb.collection('experiments').create({
    site_id: site.id,
    name: 'Badge below the button',
    url_pattern: '/checkout',
    primary_goal: 'revenue',
    selector: '',
    status: 'draft',
    variants: [
      { key: 'control', name: 'Control', weight: 0.5, changes: [] },
      { key: 'b', name: 'Badge below', weight: 0.5, changes: [] },
    ],
  });
  const { token } = await owner.pb.send<{ token: string }>('/api/cro/edit-tokens', {
    method: 'POST',
    body: { kind: 'experiment', id: x.id, variant: 'b' },
  });
  const editor = await page.context().newPage();
  await editor.goto(`${SHOP}/checkout?cro_key=${site.public_key}#cro-edit=${token}`);
  const panel = panelOf(editor);
  await expect(panel).toBeVisible();
  // The badge sits under the form: drag it onto the heading's lower half.
  const badge = editor.locator('p.trust-badge');
  await badge.click();
  const from = (await badge.boundingBox())!;
  const to = (await editor.locator('h1').boundingBox())!;
  await editor.mouse.move(from.x + 10, from.y + from.height / 2);
  await editor.mouse.down();
  await editor.mouse.move(to.x + 20, to.y + to.height - 3, { steps: 8 });
  await editor.mouse.up();
  await expect(panel.getByRole('status')).toHaveText('Moved.');
  await expect(editor.locator('h1 + p.trust-badge[data-cro-moved]')).toHaveCount(1);
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('status')).toHaveText('Saved. The test now holds these changes.');
  const saved = await owner.pb.collection('experiments').getOne(x.id);
  expect(saved.selector).toBe('h1');
  expect(saved.variants[1].changes).toEqual([
    { type: 'insert_after', value: '<p class="trust-badge" data-cro-moved="">Secure payment · Free returns</p>' },
    {
      type: 'inject_css',
      name: 'move',
      value: 'p.trust-badge:not([data-cro-moved]),[data-cro-moved]~[data-cro-moved]{display:none!important}',
    },
  ]);
});

test('an image: an uploaded file is stored as a site file and becomes its src; a visitor’s browser loads it', async ({ page }) => {
  test.setTimeout(90_000);
  const { owner, site } = await ownerWithSite();
  // The fixture product page gets a product photo (a 1x1 GIF) in the editor's and the visitor's browser.
  const withPhoto = async (ctx: BrowserContext) =>
    ctx.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const img = document.createElement('img');
        img.id = 'product-photo';
        img.alt = 'Trail Shoe';
        img.src = 'data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';
        img.style.cssText = 'width:120px;height:120px;display:block';
        document.querySelector('h1')!.after(img);
      }),
    );
  const rule = await owner.pb.collection('optimization_rules').create({
    site_id: site.id,
    rule_type: 'product_image',
    name: 'Product photo',
    selector: '#product-photo',
    changes: [{ type: 'set_attribute', name: 'alt', value: 'Trail Shoe, side view' }],
    enabled: false,
    rollout_percentage: 100,
  });
  const { token } = await owner.pb.send<{ token: string }>('/api/cro/edit-tokens', { method: 'POST', body: { kind: 'rule', id: rule.id } });
  await withPhoto(page.context());
  const editor = await page.context().newPage();
  await editor.goto(`${SHOP}/product?cro_key=${site.public_key}#cro-edit=${token}`);
  const panel = panelOf(editor);
  await expect(panel).toBeVisible();
  await editor.locator('#product-photo').click();
  await expect(panel.getByRole('group', { name: 'Insert a pattern' })).toBeVisible();
  await expectNoSeriousViolations(editor, { include: 'cro-editor' }); // the upload and pattern controls are labelled
  await panel
    .getByLabel('Or upload an image (JPEG, PNG, WebP, GIF; 2 MB)')
    .setInputFiles({ name: 'shoe.png', mimeType: 'image/png', buffer: PNG_4X2 });
  await expect(panel.getByRole('status')).toHaveText('Uploaded: the image now shows the new file.');
  const src = (await panel.getByLabel('Image URL').inputValue())!;
  expect(src).toMatch(new RegExp(`^${BASE}/api/files/site_files/\\w+/shoe_\\w+\\.png$`));
  await expect(editor.locator('#product-photo')).toHaveAttribute('src', src);
  await expect.poll(() => editor.locator('#product-photo').evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(4);
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('status')).toHaveText('Saved. The rule now holds these changes.');
  const saved = await owner.pb.collection('optimization_rules').getOne(rule.id);
  expect(saved.changes).toEqual([
    { type: 'set_attribute', name: 'alt', value: 'Trail Shoe, side view' },
    { type: 'set_attribute', name: 'src', value: src },
  ]);
  await owner.pb.collection('optimization_rules').update(rule.id, { enabled: true });
  await editor.close();

  // A visitor (not signed in anywhere) sees the uploaded image: their browser loads it from our server.
  const ctx = await visitorContext();
  await withPhoto(ctx);
  const visitor = await ctx.newPage();
  await visitor.goto(`${SHOP}/product?cro_key=${site.public_key}`);
  await expect(visitor.locator('#product-photo')).toHaveAttribute('src', src);
  await expect.poll(() => visitor.locator('#product-photo').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(4);
  await ctx.close();
});

test('an expired token, another site’s token and a viewer load nothing and change nothing', async ({ page }) => {
  const { owner, site, admin } = await ownerWithSite();
  const other = await admin.collection('sites').create<Site>({ user_id: owner.id, domain: newDomain('other') });
  const rule = await owner.pb.collection('optimization_rules').create({
    site_id: site.id,
    name: 'Copy',
    rule_type: 'custom',
    selector: '#place-order',
    changes: [{ type: 'set_text', value: 'Pay' }],
    enabled: false,
    rollout_percentage: 100,
  });
  const token = async (pb: PocketBase) =>
    (await pb.send<{ token: string }>('/api/cro/edit-tokens', { method: 'POST', body: { kind: 'rule', id: rule.id } })).token;

  const expired = await token(owner.pb);
  const hash = createHash('sha256').update(expired).digest('hex');
  const row = await admin.collection('editor_sessions').getFirstListItem(`token_hash = "${hash}"`);
  await admin.collection('editor_sessions').update(row.id, { expires_at: new Date(Date.now() - 1000).toISOString() });
  const foreign = await token(owner.pb);

  for (const [t, key] of [
    [expired, site.public_key],
    [foreign, other.public_key],
  ] as const) {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const answered = page.waitForResponse((r) => r.url().includes(`/t/e/${t}.js`));
    await page.goto(`${SHOP}/checkout?cro_key=${key}#cro-edit=${t}`);
    expect((await answered).status()).toBe(404);
    await page.waitForTimeout(500);
    expect(page.url()).not.toContain('cro-edit'); // gone from the URL and history at once
    expect(requests.filter((u) => u.includes('/t/e/editor.js'))).toEqual([]);
    await expect(page.locator('cro-editor')).toHaveCount(0);
    await expect(page.locator('#place-order')).toHaveText('Place order');
    page.removeAllListeners('request');
  }
  // The foreign token was burnt: not even its own site can use it now.
  expect((await fetch(`${BASE}/t/e/${foreign}.js?k=${site.public_key}`)).status).toBe(404);

  // A viewer never gets a token: 403 before anything could load.
  const viewer = await createUser();
  await admin
    .collection('site_members')
    .create({ site_id: site.id, user_id: viewer.id, email: viewer.email, role: 'viewer', status: 'active' });
  await expect(token(viewer.pb)).rejects.toMatchObject({
    status: 403,
    message: 'Viewers cannot open the visual editor: ask an owner or admin for the editor role.',
  });
  expect((await admin.collection('optimization_rules').getOne(rule.id)).changes).toEqual([{ type: 'set_text', value: 'Pay' }]);
});
