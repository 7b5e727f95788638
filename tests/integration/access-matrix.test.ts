/**
 * The access matrix: for every collection, every role and every action, what the API allows.
 * Roles: anonymous, another signed-in user, and the site's viewer, editor, admin and owner.
 * Each cell really attempts the action over HTTP against a fresh record and checks the outcome.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../helpers/pocketbase';
import { skipOnClickHouse } from '../helpers/stored-events';

type Role = 'anonymous' | 'other' | 'viewer' | 'editor' | 'admin' | 'owner';
type Action = 'list' | 'view' | 'create' | 'update' | 'delete';
const ROLES: Role[] = ['anonymous', 'other', 'viewer', 'editor', 'admin', 'owner'];
const MEMBERS: Role[] = ['viewer', 'editor', 'admin', 'owner'];
const EDITORS: Role[] = ['editor', 'admin', 'owner'];
const MANAGERS: Role[] = ['admin', 'owner'];
const SIGNED_IN: Role[] = ['other', ...MEMBERS];
const NOBODY: Role[] = [];

let server: TestServer;
let users: Record<Exclude<Role, 'anonymous'>, TestUser>;
let siteId: string;
let counter = 0;
const now = () => new Date().toISOString().replace('T', ' ');
const unique = (p: string) => `${p}-${++counter}-${Date.now()}`;

function client(role: Role): PocketBase {
  return role === 'anonymous' ? server.anonymous() : users[role].client;
}

/** A site owned by `owner` with the viewer, editor and admin as active members. */
async function makeSite(): Promise<string> {
  const site = await server.admin.collection('sites').create({ user_id: users.owner.record.id, domain: `${unique('s')}.example.com` });
  for (const role of ['viewer', 'editor', 'admin'] as const) {
    await server.admin.collection('site_members').create({
      site_id: site.id,
      user_id: users[role].record.id,
      email: users[role].email,
      role,
      status: 'active',
    });
  }
  return site.id;
}

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const siteFile = (userId: string) => ({ site_id: siteId, user_id: userId, file: new File([PNG], 'hero.png', { type: 'image/png' }) });

interface Spec {
  /** Creates a record as superuser for list/view/update/delete attempts. */
  sample: () => Promise<string>;
  /** The body a role submits to create. */
  createBody: (role: Role) => Record<string, unknown>;
  updateBody: Record<string, unknown>;
  allowed: Record<Action, Role[]>;
}

const INTEGRATION_TYPES = [
  'shopify',
  'woocommerce',
  'bigcommerce',
  'mixpanel',
  'amplitude',
  'segment',
  'hotjar',
  'fullstory',
  'clarity',
  'vwo',
  'slack',
  'zapier',
  'stripe',
  'hubspot',
  'klaviyo',
  'mailchimp',
  'typeform',
];
let usageDay = 0;
/** ai_usage keeps one row per site and day: each sample gets a day of its own. */
const nextUsageDay = () => {
  const n = usageDay++;
  return `${2000 + Math.floor(n / 28)}-01-${String((n % 28) + 1).padStart(2, '0')}`;
};
let integrationIndex = 0;
const nextIntegration = () => INTEGRATION_TYPES[integrationIndex++ % INTEGRATION_TYPES.length];

const siteScoped = (
  collection: string,
  body: () => Record<string, unknown>,
  updateBody: Record<string, unknown>,
  allowed: Partial<Record<Action, Role[]>>,
): [string, Spec] => [
  collection,
  {
    sample: async () => (await server.admin.collection(collection).create({ site_id: siteId, ...body() })).id,
    createBody: () => ({ site_id: siteId, ...body() }),
    updateBody,
    allowed: { list: MEMBERS, view: MEMBERS, create: NOBODY, update: NOBODY, delete: NOBODY, ...allowed },
  },
];

const editorSession = () => ({
  site_id: siteId,
  user_id: users.owner.record.id,
  target_kind: 'rule',
  target_id: 'a'.repeat(15),
  token_hash: unique('t'),
  expires_at: new Date(Date.now() + 60_000).toISOString(),
});

const EDITABLE = { create: EDITORS, update: EDITORS, delete: EDITORS };
const TWO_VARIANTS = [
  { key: 'control', name: 'Control', weight: 0.5, changes: [] },
  { key: 'b', name: 'New headline', weight: 0.5, changes: [{ type: 'set_text', value: 'Save time today' }] },
];

function specs(): [string, Spec][] {
  return [
    [
      'sites',
      {
        sample: makeSite,
        createBody: (role) => ({ user_id: role === 'anonymous' ? '' : users[role].record.id, domain: `${unique('new')}.example.com` }),
        updateBody: { industry_category: 'Retail' },
        allowed: { list: MEMBERS, view: MEMBERS, create: SIGNED_IN, update: MANAGERS, delete: ['owner'] },
      },
    ],
    [
      'site_members',
      {
        sample: async () =>
          (await server.admin.collection('site_members').create({ site_id: siteId, email: `${unique('m')}@example.com`, role: 'viewer' }))
            .id,
        createBody: () => ({ site_id: siteId, email: `${unique('invite')}@example.com`, role: 'viewer' }),
        updateBody: { role: 'editor' },
        allowed: { list: MEMBERS, view: MEMBERS, create: MANAGERS, update: MANAGERS, delete: MANAGERS },
      },
    ],
    siteScoped(
      'optimization_rules',
      () => ({ rule_type: 'cta_text', priority: 1, enabled: true, rollout_percentage: 50 }),
      { rollout_percentage: 60 },
      EDITABLE,
    ),
    siteScoped(
      'audiences',
      () => ({ name: unique('Mobile visitors'), match: 'all', conditions: [{ kind: 'device', op: 'is', value: 'mobile' }] }),
      { name: 'Phone visitors' },
      EDITABLE,
    ),
    siteScoped('experiment_groups', () => ({ name: unique('Checkout tests') }), { name: 'Cart tests' }, EDITABLE),
    siteScoped(
      'experiments',
      () => ({ name: unique('Headline test'), primary_goal: 'revenue', variants: TWO_VARIANTS }),
      { name: 'Headline test v2' },
      EDITABLE,
    ),
    // The ingest's experiment aggregates: written by the server only, read through the results route.
    siteScoped(
      'experiment_exposures',
      () => ({ experiment: 'abcdefghij12345', variant: 'control', visitor: unique('visitor'), ts: now() }),
      { variant: 'b' },
      { list: NOBODY, view: NOBODY },
    ),
    siteScoped(
      'experiment_conversions',
      () => ({ experiment: 'abcdefghij12345', goal: 'revenue', variant: 'control', visitor: unique('visitor'), ts: now() }),
      { variant: 'b' },
      { list: NOBODY, view: NOBODY },
    ),
    siteScoped(
      'experiment_daily',
      () => ({ experiment: unique('experiment'), variant: 'control', day: '2026-01-01', users: 1 }),
      { users: 5 },
      { list: NOBODY, view: NOBODY },
    ),
    siteScoped(
      'experiment_goal_daily',
      () => ({ experiment: unique('experiment'), goal: 'revenue', variant: 'control', day: '2026-01-01', conversions: 1 }),
      { conversions: 5 },
      { list: NOBODY, view: NOBODY },
    ),
    siteScoped(
      'goals',
      () => ({ name: 'Newsletter signup', type: 'event', match: 'newsletter', micro: true, enabled: true }),
      { enabled: false },
      EDITABLE,
    ),
    siteScoped('dns_records', () => ({ name: unique('host'), type: 'A', value: '192.0.2.1', ttl: 300 }), { value: '192.0.2.2' }, EDITABLE),
    siteScoped('ai_analyses', () => ({ engine: 'builtin', analysis_data: { totalSessions: 1 }, insights: [] }), { insights: [] }, {}),
    siteScoped('ai_usage', () => ({ day: nextUsageDay(), month: '2026-01', messages: 1, tokens: 10 }), { messages: 0 }, {}),
    [
      'integrations',
      {
        // One record per site and type: each sample gets a site of its own.
        sample: async () =>
          (
            await server.admin
              .collection('integrations')
              .create({ site_id: await makeSite(), integration_type: 'google_analytics', status: 'connected' })
          ).id,
        createBody: () => ({ site_id: siteId, integration_type: nextIntegration(), status: 'pending' }),
        // Only the connect route creates integrations and writes their type, status, settings and
        // credentials; through the collection API editors turn one off and on, and delete it.
        updateBody: { enabled: false },
        allowed: { list: MEMBERS, view: MEMBERS, create: NOBODY, update: EDITORS, delete: EDITORS },
      },
    ],
    siteScoped(
      'funnels',
      () => ({
        name: 'Checkout funnel',
        steps: [
          { kind: 'page', match: '/' },
          { kind: 'page', match: '/checkout' },
        ],
      }),
      { name: 'Checkout funnel v2' },
      EDITABLE,
    ),
    siteScoped(
      'scheduled_reports',
      // Reports go only to the site's members: the owner is one.
      () => ({ name: 'Weekly summary', frequency: 'weekly', report_type: 'performance', format: 'pdf', recipients: [users.owner.email] }),
      { enabled: true },
      EDITABLE,
    ),
    [
      'documents',
      {
        sample: async () =>
          (await server.admin.collection('documents').create({ site_id: siteId, user_id: users.owner.record.id, file_name: 'brief.txt' }))
            .id,
        // An upload carries its file (the server refuses a document without one).
        createBody: (role) => ({
          site_id: siteId,
          user_id: role === 'anonymous' ? '' : users[role].record.id,
          file_name: 'notes.md',
          file: new File(['# Notes\n\nVisitors leave the checkout when shipping costs appear late.\n'], 'notes.md'),
        }),
        updateBody: { file_name: 'renamed.md' },
        allowed: { list: MEMBERS, view: MEMBERS, create: EDITORS, update: NOBODY, delete: EDITORS },
      },
    ],
    siteScoped('optimization_health_metrics', () => ({ metric_type: 'error_rate', value: 1.5 }), { value: 0 }, {}),
    siteScoped('optimization_rollbacks', () => ({ rollback_type: 'manual', trigger_reason: 'test' }), { trigger_reason: 'changed' }, {}),
    siteScoped('optimization_audit_log', () => ({ action: 'updated', reason: 'test' }), { reason: 'forged' }, {}),
    siteScoped(
      'session_recordings',
      () => ({ session_id: unique('rs'), page_url: 'https://example.com/', started_at: now() }),
      { events_count: 5 },
      {},
    ),
    // Frustration signals: the server computes them in the background; members read them.
    siteScoped('session_frustration', () => ({ session_id: unique('sf'), started_at: now() }), { rage_clicks: 5 }, {}),
    // Form views: the server writes them from the forms chunk; members read them.
    siteScoped(
      'form_views',
      () => ({ view_id: unique('fv'), selector: '#contact', path: '/contact', seen_at: now() }),
      { submitted: true },
      {},
    ),
    siteScoped('report_history', () => ({ report_name: 'Weekly', generated_at: now(), status: 'sent' }), { status: 'failed' }, {}),
    siteScoped('events', () => ({ visitor: 'v1', session: 's1', type: 'pageview', path: '/', ts: now() }), { value: 100 }, {}),
    siteScoped('sessions', () => ({ session_key: unique('sk'), visitor: 'v1', started_at: now() }), { revenue: 100 }, {}),
    // API keys: only owners and admins see them (never their hash); only the server creates or revokes them.
    siteScoped(
      'api_keys',
      () => ({ name: 'Backend', prefix: 'upl_abcdefgh', key_hash: unique('hash'), scope: 'write' }),
      { name: 'Renamed' },
      { list: MANAGERS, view: MANAGERS },
    ),
    siteScoped('api_idempotency', () => ({ idem_key: unique('order'), status: 201 }), { status: 200 }, { list: NOBODY, view: NOBODY }),
    [
      'notifications',
      {
        sample: async () =>
          (await server.admin.collection('notifications').create({ user_id: users.owner.record.id, type: 'system', title: 'Welcome' })).id,
        createBody: (role) => ({
          user_id: role === 'anonymous' ? users.owner.record.id : users[role].record.id,
          type: 'system',
          title: 'Forged',
        }),
        updateBody: { read: true },
        // Notifications belong to one user: only they read, mark read and delete them.
        allowed: { list: ['owner'], view: ['owner'], create: NOBODY, update: ['owner'], delete: ['owner'] },
      },
    ],
    [
      'user_roles',
      {
        sample: async () => {
          // One admin row per user: replace the owner's row for each attempt.
          for (const row of await server.admin.collection('user_roles').getFullList({ filter: `user_id = "${users.owner.record.id}"` })) {
            await server.admin.collection('user_roles').delete(row.id);
          }
          return (await server.admin.collection('user_roles').create({ user_id: users.owner.record.id, role: 'admin' })).id;
        },
        createBody: (role) => ({ user_id: role === 'anonymous' ? '' : users[role].record.id, role: 'admin' }),
        updateBody: { role: 'admin' },
        allowed: { list: ['owner'], view: ['owner'], create: NOBODY, update: NOBODY, delete: NOBODY },
      },
    ],
    [
      'cro_patterns',
      {
        sample: async () =>
          (await server.admin.collection('cro_patterns').create({ name: unique('Sticky CTA'), category: 'conversion' })).id,
        createBody: () => ({ name: 'Forged pattern', category: 'trust' }),
        updateBody: { featured: true },
        allowed: { list: SIGNED_IN, view: SIGNED_IN, create: NOBODY, update: NOBODY, delete: NOBODY },
      },
    ],
    [
      // The visual editor's tokens and sessions: only its hooks read and write them.
      'editor_sessions',
      {
        sample: async () => (await server.admin.collection('editor_sessions').create(editorSession())).id,
        createBody: () => editorSession(),
        updateBody: { variant: 'b' },
        allowed: { list: NOBODY, view: NOBODY, create: NOBODY, update: NOBODY, delete: NOBODY },
      },
    ],
    [
      // Images the visual editor uploads: members read the records, editors add and delete; a
      // visitor loads only the file by its URL (tests/integration/visual-editor.test.ts).
      'site_files',
      {
        sample: async () => (await server.admin.collection('site_files').create(siteFile(users.owner.record.id))).id,
        createBody: (role) => siteFile(role === 'anonymous' ? '' : users[role].record.id),
        updateBody: { file: new File([PNG], 'other.png', { type: 'image/png' }) },
        allowed: { list: MEMBERS, view: MEMBERS, create: EDITORS, update: NOBODY, delete: EDITORS },
      },
    ],
    [
      'contact_messages',
      {
        sample: async () =>
          (
            await server.admin
              .collection('contact_messages')
              .create({ name: 'Ann', email: 'ann@example.com', subject: 'Hi', message: 'Hello' })
          ).id,
        createBody: () => ({ name: 'Ann', email: 'ann@example.com', subject: 'Hi', message: 'Hello' }),
        updateBody: { subject: 'Changed' },
        allowed: { list: NOBODY, view: NOBODY, create: NOBODY, update: NOBODY, delete: NOBODY },
      },
    ],
    [
      'demo_requests',
      {
        sample: async () =>
          (await server.admin.collection('demo_requests').create({ name: 'Bo', email: 'bo@example.com', company: 'Acme' })).id,
        createBody: () => ({ name: 'Bo', email: 'bo@example.com', company: 'Acme' }),
        updateBody: { company: 'Changed' },
        allowed: { list: NOBODY, view: NOBODY, create: NOBODY, update: NOBODY, delete: NOBODY },
      },
    ],
  ];
}

/** Attempts one action; true when the server allowed it (and, for list, returned the record). */
async function attempt(role: Role, collection: string, action: Action, spec: Spec): Promise<boolean> {
  const pb = client(role);
  const col = pb.collection(collection);
  const ok = (p: Promise<unknown>) =>
    p.then(
      () => true,
      () => false,
    );
  switch (action) {
    case 'list': {
      const id = await spec.sample();
      const items = await col.getFullList({ filter: `id = "${id}"` }).catch(() => []);
      return items.length === 1;
    }
    case 'view':
      return ok(col.getOne(await spec.sample()));
    case 'create':
      return ok(col.create(spec.createBody(role)));
    case 'update': {
      const id = await spec.sample();
      const allowed = await ok(col.update(id, spec.updateBody));
      if (allowed) {
        // The change must really be stored, not only acknowledged.
        const stored = await server.admin.collection(collection).getOne(id);
        for (const [k, v] of Object.entries(spec.updateBody)) expect(stored[k]).toEqual(v);
      }
      return allowed;
    }
    case 'delete': {
      const id = await spec.sample();
      const allowed = await ok(col.delete(id));
      const gone = await server.admin
        .collection(collection)
        .getOne(id)
        .then(
          () => false,
          () => true,
        );
      expect(gone).toBe(allowed);
      return allowed;
    }
  }
}

beforeAll(async () => {
  server = await startPocketBase();
  const entries = await Promise.all(
    (['other', 'viewer', 'editor', 'admin', 'owner'] as const).map(
      async (r) => [r, await server.createUser({ email: `${r}@matrix.test` })] as const,
    ),
  );
  users = Object.fromEntries(entries) as typeof users;
  siteId = await makeSite();
  // A paid site, so the owner may create further sites in the create cells.
  await server.admin.collection('sites').update(siteId, { plan_tier: 'growth' });
});
afterAll(async () => server?.stop());

describe('access matrix', () => {
  for (const [collection, spec] of specs()) {
    // On ClickHouse the raw event collections stay empty and refuse writes, superusers' too.
    const sqliteOnly =
      ['events', 'sessions'].includes(collection) && skipOnClickHouse(`the ${collection} collection's record API is SQLite's`);
    describe.skipIf(sqliteOnly)(collection, () => {
      for (const action of ['list', 'view', 'create', 'update', 'delete'] as Action[]) {
        for (const role of ROLES) {
          const expected = spec.allowed[action].includes(role);
          it(`${role} ${expected ? 'may' : 'may not'} ${action}`, async () => {
            expect(await attempt(role, collection, action, spec)).toBe(expected);
          });
        }
      }
    });
  }
});

describe('fields users may never write', () => {
  it('an owner cannot set their own plan_tier or subscription_status', async () => {
    const owner = users.owner.client.collection('sites');
    for (const body of [{ plan_tier: 'enterprise' }, { subscription_status: 'active' }, { plan_tier: 'growth', industry_category: 'x' }]) {
      await expect(owner.update(siteId, body)).rejects.toMatchObject({ status: 404 });
    }
    expect((await server.admin.collection('sites').getOne(siteId)).plan_tier).toBe('growth');
  });

  it('a new site cannot be created with a paid plan_tier or verified DNS', async () => {
    const user = await server.createUser();
    for (const extra of [
      { plan_tier: 'enterprise' },
      { dns_verified: true },
      { member_ids: [users.other.record.id] },
      { ownership_verified: true },
      { verification_zone: 'example.com' },
      { verification_token: 'chosen-token' },
      { tracking_verified: true },
    ]) {
      await expect(
        user.client.collection('sites').create({ user_id: user.record.id, domain: `${unique('x')}.example.com`, ...extra }),
      ).rejects.toMatchObject({ status: 400 });
    }
    expect(await user.client.collection('sites').getFullList()).toHaveLength(0);
  });

  it("a site's domain verification token is read by its members and written by nobody", async () => {
    const token = (await server.admin.collection('sites').getOne(siteId)).verification_token;
    expect(token).toMatch(/^[a-z0-9]{32}$/);
    expect((await users.viewer.client.collection('sites').getOne(siteId)).verification_token).toBe(token);
    await expect(users.other.client.collection('sites').getOne(siteId)).rejects.toMatchObject({ status: 404 });
    for (const body of [
      { verification_token: 'chosen-token' },
      { ownership_verified: true },
      { verification_zone: 'other.example' },
      { tracking_verified: true },
    ]) {
      await expect(users.owner.client.collection('sites').update(siteId, body)).rejects.toMatchObject({ status: 404 });
    }
    expect(await server.admin.collection('sites').getOne(siteId)).toMatchObject({
      verification_token: token,
      ownership_verified: false,
      tracking_verified: false,
    });
  });

  it('a user cannot create a site on behalf of someone else', async () => {
    await expect(
      users.other.client.collection('sites').create({ user_id: users.owner.record.id, domain: 'hijack.example.com' }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('an admin member cannot make anyone an owner, nor demote the owner', async () => {
    const admin = users.admin.client.collection('site_members');
    await expect(admin.create({ site_id: siteId, email: 'boss@example.com', role: 'owner' })).rejects.toMatchObject({ status: 400 });
    const ownerRow = await server.admin.collection('site_members').getFirstListItem(`site_id = "${siteId}" && role = "owner"`);
    await expect(admin.update(ownerRow.id, { role: 'viewer' })).rejects.toMatchObject({ status: 404 });
    const viewerRow = await server.admin.collection('site_members').getFirstListItem(`site_id = "${siteId}" && role = "viewer"`);
    await expect(admin.update(viewerRow.id, { role: 'owner' })).rejects.toMatchObject({ status: 404 });
  });

  it('an editor cannot move a rule to a site they do not edit', async () => {
    const foreign = await server.createUser();
    const foreignSite = await foreign.client.collection('sites').create({ user_id: foreign.record.id, domain: 'foreign.example.com' });
    const rule = await users.editor.client.collection('optimization_rules').create({ site_id: siteId, rule_type: 'cta_text' });
    await expect(users.editor.client.collection('optimization_rules').update(rule.id, { site_id: foreignSite.id })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('integration credentials are never returned to the browser', async () => {
    // The server stores credentials (sealed, through the connect route) and never returns them.
    const rec = await server.admin.collection('integrations').create({ site_id: siteId, integration_type: 'google_ads' });
    // A hidden field is dropped from a user's body: the update stores nothing.
    await users.editor.client.collection('integrations').update(rec.id, { credentials: { api_key: 'secret-123' } });
    expect((await server.admin.collection('integrations').getOne(rec.id)).credentials).toBeNull();
    await server.admin.collection('integrations').update(rec.id, { credentials: { api_key: 'secret-123' } });
    for (const role of MEMBERS) {
      expect((await client(role).collection('integrations').getOne(rec.id)).credentials).toBeUndefined();
    }
  });

  // Issue 30, finding 8: editors wrote settings and credentials past the connect route, and marked
  // any integration connected by switching the type of their Google Analytics record.
  it('only the connect route writes an integration: editors cannot create one, nor change its type, status, settings or credentials', async () => {
    const site = await makeSite();
    const editor = users.editor.client;
    await expect(
      editor.collection('integrations').create({ site_id: site, integration_type: 'google_analytics', status: 'connected' }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      editor.collection('integrations').create({ site_id: site, integration_type: 'webhook', settings: { url: 'http://10.0.0.5/' } }),
    ).rejects.toMatchObject({ status: 403 });

    const ga = await editor.send<{ id: string; status: string }>('/api/cro/integrations/connect', {
      method: 'POST',
      body: { siteId: site, type: 'google_analytics', values: { property_id: 'G-MATRIX123' } },
    });
    expect(ga.status).toBe('connected');
    const hook = await editor.send<{ id: string; status: string }>('/api/cro/integrations/connect', {
      method: 'POST',
      body: { siteId: site, type: 'webhook', values: { url: 'https://hooks.example.com/cro', secret: 'whsec_matrix' } },
    });
    expect(hook.status).toBe('pending');
    // Everything but the time of the last save, which an update that stores nothing still moves.
    const stored = async () =>
      (await server.admin.collection('integrations').getFullList({ filter: `site_id = "${site}"`, sort: 'id' })).map(
        ({ updated_at: _, ...fields }) => fields,
      );
    const before = await stored();

    for (const [id, body] of [
      [ga.id, { integration_type: 'slack' }],
      [ga.id, { integration_type: 'slack', status: 'connected' }],
      [hook.id, { status: 'connected' }],
      [hook.id, { settings: { url: 'https://attacker.example.net/steal', credential_keys: ['secret'] } }],
      [hook.id, { settings: { forwarded_until: { x: 0, c: 0 } } }],
      [hook.id, { name: 'Renamed', enabled: true }],
      [hook.id, { last_synced_at: now(), error_message: '' }],
    ] as const) {
      await expect(editor.collection('integrations').update(id, body)).rejects.toMatchObject({ status: 404 });
    }
    // Credentials are a hidden field, which PocketBase drops from a user's body: nothing is stored.
    await editor.collection('integrations').update(hook.id, { credentials: { secret: 'forged' } });
    expect(await stored()).toEqual(before);

    // What the collection API is for: off and on, and delete.
    await editor.collection('integrations').update(hook.id, { enabled: false });
    expect((await server.admin.collection('integrations').getOne(hook.id)).enabled).toBe(false);
    await editor.collection('integrations').delete(hook.id);
  });

  it("nobody sets two-step sign-in through the API: their own mfa_enabled, or a site's require_mfa", async () => {
    for (const role of ['viewer', 'editor', 'admin', 'owner'] as const) {
      await expect(client(role).collection('users').update(users[role].record.id, { mfa_enabled: true })).rejects.toMatchObject({
        status: 404,
      });
      expect((await server.admin.collection('users').getOne(users[role].record.id)).mfa_enabled).toBe(false);
    }
    for (const role of MANAGERS) {
      await expect(client(role).collection('sites').update(siteId, { require_mfa: true })).rejects.toMatchObject({ status: 404 });
    }
    expect((await server.admin.collection('sites').getOne(siteId)).require_mfa).toBe(false);
  });

  it('a site requiring two-step sign-in is closed to its members without it, whatever their role', async () => {
    const site = await makeSite();
    await server.admin.collection('users').update(users.editor.record.id, { mfa_enabled: true });
    try {
      await server.admin.collection('sites').update(site, { require_mfa: true });
      const sees = (role: Role) =>
        client(role)
          .collection('sites')
          .getOne(site)
          .then(
            () => true,
            () => false,
          );
      expect(Object.fromEntries(await Promise.all(MEMBERS.map(async (r) => [r, await sees(r)] as const)))).toEqual({
        viewer: false,
        editor: true,
        admin: false,
        owner: false,
      });
    } finally {
      await server.admin.collection('users').update(users.editor.record.id, { mfa_enabled: false });
    }
  });

  it('removing a member takes their access away at once', async () => {
    const site = await makeSite();
    expect(await users.viewer.client.collection('sites').getOne(site)).toBeTruthy();
    const row = await server.admin.collection('site_members').getFirstListItem(`site_id = "${site}" && role = "viewer"`);
    await users.admin.client.collection('site_members').delete(row.id);
    await expect(users.viewer.client.collection('sites').getOne(site)).rejects.toMatchObject({ status: 404 });
  });
});
