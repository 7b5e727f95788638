// The visual editor's server side (pb_hooks/visual_editor.pb.js) over HTTP: edit tokens for editors
// and up only, single use, bound to their site and short-lived, stored hashed; the module the
// tracker imports; saves with the session's rights through the same validation as the API hooks,
// with an audit entry naming the editor; a started test stays frozen.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../helpers/pocketbase';
import { startSuite } from '../helpers/suite';

let server: TestServer, owner: TestUser, editor: TestUser, viewer: TestUser, siteId: string, key: string;
let otherKey: string;
let ruleId: string, testId: string;

beforeAll(async () => {
  ({ server, owner, editor, viewer, siteId } = await startSuite({
    users: ['owner', 'editor', 'viewer'],
    site: 'editor.example.com',
    roles: { editor: 'editor', viewer: 'viewer' },
  }));
  key = (await server.admin.collection('sites').getOne(siteId)).public_key;
  const other = await server.admin.collection('sites').create({ user_id: owner.record.id, domain: 'other-editor.example.com' });
  otherKey = other.public_key;
  ruleId = (
    await editor.client.collection('optimization_rules').create({
      site_id: siteId,
      rule_type: 'cta_text',
      name: 'Checkout copy',
      selector: '#pay',
      changes: [{ type: 'set_text', value: 'Pay' }],
      enabled: false,
      rollout_percentage: 100,
    })
  ).id;
  testId = (
    await editor.client.collection('experiments').create({
      site_id: siteId,
      name: 'Checkout button',
      selector: '',
      primary_goal: 'revenue',
      variants: [
        { key: 'control', name: 'Control', weight: 0.5, changes: [] },
        { key: 'b', name: 'Green button', weight: 0.5, changes: [] },
      ],
    })
  ).id;
});
afterAll(async () => server?.stop());

const issue = (user: TestUser, body: Record<string, unknown>) =>
  fetch(`${server.url}/api/cro/edit-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: user.client.authStore.token },
    body: JSON.stringify(body),
  });
const open = (token: string, k: string) =>
  fetch(`${server.url}/t/e/${token}.js?k=${k}`, { headers: { origin: 'https://editor.example.com' } });
const save = (body: Record<string, unknown>) =>
  fetch(`${server.url}/api/cro/editor/save`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', origin: 'https://editor.example.com' },
    body: JSON.stringify(body),
  });
/** The state the module passes to the editor. */
const stateOf = (js: string) =>
  JSON.parse(/^import\{e\}from"\.\/editor\.js";e\((.*)\);\n$/s.exec(js)![1]!) as Record<string, unknown> & { s: string };

describe('edit tokens', () => {
  it('viewers get 403, strangers 404, bad targets 400/404', async () => {
    const r = await issue(viewer, { kind: 'rule', id: ruleId });
    expect(r.status).toBe(403);
    expect((await r.json()).message).toBe('Viewers cannot open the visual editor: ask an owner or admin for the editor role.');
    const stranger = await server.createUser();
    expect((await issue(stranger, { kind: 'rule', id: ruleId })).status).toBe(404);
    expect((await issue(editor, { kind: 'page', id: ruleId })).status).toBe(400);
    expect((await issue(editor, { kind: 'experiment', id: testId, variant: 'z' })).status).toBe(400);
    expect((await fetch(`${server.url}/api/cro/edit-tokens`, { method: 'POST', body: '{}' })).status).toBe(401);
  });

  it('a token is stored hashed, works once, for its own site only, and answers a module importing the editor', async () => {
    const { token } = (await (await issue(editor, { kind: 'rule', id: ruleId })).json()) as { token: string };
    const rows = await server.admin.collection('editor_sessions').getFullList({ filter: `target_id = "${ruleId}"` });
    expect(rows.some((r) => r.token_hash === createHash('sha256').update(token).digest('hex'))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);

    const ok = await open(token, key);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    expect(ok.headers.get('cache-control')).toBe('no-store');
    const state = stateOf(await ok.text());
    expect(state).toMatchObject({
      kind: 'rule',
      id: ruleId,
      selector: '#pay',
      frozen: false,
      variants: [{ key: '', changes: [{ type: 'set_text', value: 'Pay' }] }],
    });
    expect(state.s).toMatch(/^[A-Za-z0-9]{43}$/);
    // The Pattern Library's insertable patterns, filled with their defaults.
    expect(state.patterns).toContainEqual({
      name: 'Money-back guarantee statement',
      category: 'trust',
      html: '<p class="cro-guarantee" style="font-size:14px">✔ 30-day money-back guarantee</p>',
      css: '',
    });
    // Single use.
    expect((await open(token, key)).status).toBe(404);

    // Another site's page: nothing, and the token is burnt.
    const t2 = ((await (await issue(editor, { kind: 'rule', id: ruleId })).json()) as { token: string }).token;
    const foreign = await open(t2, otherKey);
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain('editor.js');
    expect((await open(t2, key)).status).toBe(404);
  });

  it('an expired token loads nothing', async () => {
    const { token } = (await (await issue(editor, { kind: 'rule', id: ruleId })).json()) as { token: string };
    const row = await server.admin
      .collection('editor_sessions')
      .getFirstListItem(`token_hash = "${createHash('sha256').update(token).digest('hex')}"`);
    await server.admin.collection('editor_sessions').update(row.id, { expires_at: new Date(Date.now() - 1000).toISOString() });
    expect((await open(token, key)).status).toBe(404);
  });

  it('users cannot read or write the sessions through the API', async () => {
    for (const u of [owner, editor, viewer]) {
      await expect(u.client.collection('editor_sessions').getList()).rejects.toMatchObject({ status: 403 });
    }
  });
});

describe('saving', () => {
  const session = async (body: Record<string, unknown>) => {
    const { token } = (await (await issue(editor, body)).json()) as { token: string };
    return stateOf(await (await open(token, key)).text()).s;
  };

  it('writes a rule through the sanitizer, with an audit entry naming the editor', async () => {
    const s = await session({ kind: 'rule', id: ruleId });
    const refused = await save({ s, selector: '#pay', changes: [{ type: 'set_attribute', name: 'onclick', value: 'x()' }] });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe('Change 1 may not set the onclick attribute.');
    const changes = [
      { type: 'set_text', value: 'Complete secure checkout' },
      { type: 'set_style', name: 'background-color', value: '#16a34a' },
    ];
    const r = await save({ s, selector: 'form#checkout button[type="submit"]', changes });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe('*'); // called from the customer's page
    const rule = await server.admin.collection('optimization_rules').getOne(ruleId);
    expect(rule.changes).toEqual(changes);
    expect(rule.selector).toBe('form#checkout button[type="submit"]');
    const audit = await server.admin
      .collection('optimization_audit_log')
      .getFirstListItem(`rule_id = "${ruleId}" && action = "updated"`, { sort: '-created_at' });
    expect(audit.actor_id).toBe(editor.record.id);
    expect(audit.reason).toMatch(/^Changed in the visual editor by /);
    expect(audit.previous).toMatchObject({ selector: '#pay' });
  });

  it('writes a draft test variant by variant, never the control; a started test is frozen', async () => {
    const s = await session({ kind: 'experiment', id: testId, variant: 'b' });
    expect((await save({ s, selector: '#pay', variants: { control: [{ type: 'hide' }] } })).status).toBe(400);
    expect((await save({ s, selector: '#pay', variants: { z: [] } })).status).toBe(400);
    const b = [{ type: 'set_text', value: 'Pay now' }];
    expect((await save({ s, selector: '#pay', variants: { b } })).status).toBe(200);
    const x = await server.admin.collection('experiments').getOne(testId);
    expect(x.selector).toBe('#pay');
    expect(x.variants).toEqual([
      { key: 'control', name: 'Control', weight: 0.5, changes: [] },
      { key: 'b', name: 'Green button', weight: 0.5, changes: b },
    ]);
    await server.admin.collection('experiments').update(testId, { status: 'running' });
    const frozen = await save({ s, selector: '#pay', variants: { b: [] } });
    expect(frozen.status).toBe(409);
    expect((await frozen.json()).message).toBe('This A/B test has started: its variants are frozen. Duplicate it to change them.');
    expect((await server.admin.collection('experiments').getOne(testId)).variants[1].changes).toEqual(b);
    const t = ((await (await issue(editor, { kind: 'experiment', id: testId })).json()) as { token: string }).token;
    expect(stateOf(await (await open(t, key)).text()).frozen).toBe(true);
  });

  it('a session ends with the role: a demoted editor cannot save', async () => {
    const s = await session({ kind: 'rule', id: ruleId });
    const member = await server.admin
      .collection('site_members')
      .getFirstListItem(`user_id = "${editor.record.id}" && site_id = "${siteId}"`);
    await server.admin.collection('site_members').update(member.id, { role: 'viewer' });
    try {
      const r = await save({ s, selector: '#pay', changes: [] });
      expect(r.status).toBe(403);
      expect((await save({ s: 'x'.repeat(43), changes: [] })).status).toBe(401);
    } finally {
      await server.admin.collection('site_members').update(member.id, { role: 'editor' });
    }
  });
});

describe('suggest copy', () => {
  it('answers three suggestions from the built-in engine (no model configured), for a session only', async () => {
    const { token } = (await (await issue(editor, { kind: 'rule', id: ruleId })).json()) as { token: string };
    const s = stateOf(await (await open(token, key)).text()).s;
    const ask = (body: Record<string, unknown>) =>
      fetch(`${server.url}/api/cro/editor/suggest`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify(body),
      });
    const r = await ask({
      s,
      text: 'Place order',
      tag: 'button',
      title: 'Checkout',
      headings: ['Checkout'],
      nearby: 'Free returns',
      goal: 'revenue',
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    const j = (await r.json()) as { engine: string; model: string; suggestions: string[] };
    expect(j.engine).toBe('builtin');
    expect(j.model).toBe('');
    expect(j.suggestions).toHaveLength(3);
    expect((await ask({ s, text: ' ' })).status).toBe(400);
    expect((await ask({ s: 'y'.repeat(43), text: 'Place order' })).status).toBe(401);
  });
});

describe('image upload', () => {
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const upload = (fields: Record<string, string | Blob>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    return fetch(`${server.url}/api/cro/editor/upload`, { method: 'POST', headers: { origin: 'https://editor.example.com' }, body: form });
  };
  const session = async () => {
    const { token } = (await (await issue(editor, { kind: 'rule', id: ruleId })).json()) as { token: string };
    return stateOf(await (await open(token, key)).text()).s;
  };

  it('stores an image as a site file of the session’s site; a visitor loads the file, never the record', async () => {
    const s = await session();
    // A site_id naming another site is ignored: the session's site is the only one.
    const other = await server.admin.collection('sites').getFirstListItem(`public_key = "${otherKey}"`);
    const r = await upload({ s, site_id: other.id, file: new File([PNG], 'hero.png', { type: 'image/png' }) });
    expect(r.status).toBe(201);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    const { path } = (await r.json()) as { path: string };
    const m = /^\/api\/files\/site_files\/(\w+)\/hero_\w+\.png$/.exec(path);
    expect(m).not.toBeNull();
    const rec = await server.admin.collection('site_files').getOne(m![1]!);
    expect(rec.site_id).toBe(siteId);
    expect(rec.user_id).toBe(editor.record.id);
    const file = await fetch(server.url + path);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    // The records stay with the members.
    expect((await fetch(`${server.url}/api/collections/site_files/records/${rec.id}`)).status).toBe(404);
    const list = (await (await fetch(`${server.url}/api/collections/site_files/records`)).json()) as { items: unknown[] };
    expect(list.items).toEqual([]);
    expect((await viewer.client.collection('site_files').getOne(rec.id)).id).toBe(rec.id);
  });

  it('refuses non-images, oversize files, a missing file and an unknown session, storing nothing', async () => {
    const s = await session();
    const before = (await server.admin.collection('site_files').getList(1, 1)).totalItems;
    const text = await upload({ s, file: new File(['<script>alert(1)</script>'], 'x.png', { type: 'image/png' }) });
    expect(text.status).toBe(400);
    expect(((await text.json()) as { message: string }).message).toBe('Upload a JPEG, PNG, WebP or GIF image of at most 2 MB.');
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload({ s, file: new File([big], 'big.png', { type: 'image/png' }) })).status).toBe(400);
    const none = await upload({ s });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { message: string }).message).toBe('Choose one image file to upload.');
    expect((await upload({ s: 'z'.repeat(43), file: new File([PNG], 'a.png', { type: 'image/png' }) })).status).toBe(401);
    expect((await server.admin.collection('site_files').getList(1, 1)).totalItems).toBe(before);
  });

  it('a file stays the site’s when its uploader’s account is deleted', async () => {
    const gone = await server.admin.collection('users').create({
      email: `uploader-${Date.now()}@example.com`,
      password: 'Correct-Horse-9-Battery',
      passwordConfirm: 'Correct-Horse-9-Battery',
    });
    const rec = await server.admin
      .collection('site_files')
      .create({ site_id: siteId, user_id: gone.id, file: new File([PNG], 'a.png', { type: 'image/png' }) });
    await server.admin.collection('users').delete(gone.id);
    expect((await server.admin.collection('site_files').getOne(rec.id)).user_id).toBe('');
  });

  it('a demoted editor (now a viewer) cannot upload', async () => {
    const s = await session();
    const member = await server.admin
      .collection('site_members')
      .getFirstListItem(`user_id = "${editor.record.id}" && site_id = "${siteId}"`);
    await server.admin.collection('site_members').update(member.id, { role: 'viewer' });
    try {
      expect((await upload({ s, file: new File([PNG], 'a.png', { type: 'image/png' }) })).status).toBe(403);
    } finally {
      await server.admin.collection('site_members').update(member.id, { role: 'editor' });
    }
  });
});
