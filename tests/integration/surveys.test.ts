/**
 * On-page surveys against a real PocketBase: the plan gate (Growth and above), who may write a
 * survey (owner, admin, editor) and who only reads it (viewer); a bad definition is a 400 naming
 * the field and stores nothing; the site's script carries its active surveys and the widget chunk
 * is served; the public answer route stores an answer with its session, refuses bad input with a
 * 400 and nothing stored, and masks e-mail addresses and card-like numbers in open text; the
 * results give NPS with its interval, choice shares, open answers and the built-in engine's themes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import type { TestServer, TestUser } from '../helpers/pocketbase';
import { startSuite } from '../helpers/suite';

let server: TestServer, owner: TestUser, admin: TestUser, editor: TestUser, viewer: TestUser, siteId: string, site: RecordModel;
const REFUSAL = 'On-page surveys requires the Growth plan or higher. Upgrade at /pricing.';
const NPS = { kind: 'nps', question: 'How likely are you to recommend us?', thanks: 'Thanks!', share: 100, active: true };

beforeAll(async () => {
  ({ server, owner, admin, editor, viewer, siteId, site } = await startSuite({
    users: ['owner', 'admin', 'editor', 'viewer'],
    site: 'surveys.example.com',
    roles: { admin: 'admin', editor: 'editor', viewer: 'viewer' },
  }));
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const answer = (body: Record<string, unknown>) =>
  fetch(`${server.url}/api/cro/surveys/answer`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'https://surveys.example.com' },
    body: JSON.stringify({ key: site.public_key, ...body }),
  });
const results = async (id: string, user: TestUser = owner) =>
  (await (
    await fetch(`${server.url}/api/cro/surveys/${id}/results`, { headers: { Authorization: user.client.authStore.token } })
  ).json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const answerCount = async () => (await server.admin.collection('survey_answers').getFullList({ filter: `site_id = "${siteId}"` })).length;

describe('definitions', () => {
  it('refuses a site below Growth with the plan refusal and stores nothing', async () => {
    await expect(owner.client.collection('surveys').create({ site_id: siteId, ...NPS })).rejects.toMatchObject({
      status: 403,
      response: { message: REFUSAL },
    });
    expect(await server.admin.collection('surveys').getFullList()).toHaveLength(0);
  });

  it('lets the owner, an admin and an editor write; a viewer reads but cannot write', async () => {
    await server.admin.collection('sites').update(siteId, { plan_tier: 'growth' });
    for (const u of [owner, admin, editor]) {
      const s = await u.client.collection('surveys').create({ site_id: siteId, ...NPS, name: 'by ' + u.email });
      await u.client.collection('surveys').update(s.id, { question: 'Would you recommend us?' });
      await u.client.collection('surveys').delete(s.id);
    }
    const kept = await owner.client.collection('surveys').create({ site_id: siteId, ...NPS, active: false });
    expect((await viewer.client.collection('surveys').getOne(kept.id)).question).toBe(NPS.question);
    // PocketBase's refusals by the collection's rules: a create the rule refuses is a 400, and a
    // record the rule hides from an update or delete is a 404.
    await expect(viewer.client.collection('surveys').create({ site_id: siteId, ...NPS })).rejects.toMatchObject({ status: 400 });
    await expect(viewer.client.collection('surveys').update(kept.id, { question: 'x' })).rejects.toMatchObject({ status: 404 });
    await expect(viewer.client.collection('surveys').delete(kept.id)).rejects.toMatchObject({ status: 404 });
    expect((await owner.client.collection('surveys').getOne(kept.id)).question).toBe(NPS.question);
    await owner.client.collection('surveys').delete(kept.id);
  });

  it('refuses a bad definition with a 400 naming the field, and stores nothing', async () => {
    const bad = async (body: Record<string, unknown>, message: string) => {
      await expect(owner.client.collection('surveys').create({ site_id: siteId, ...NPS, ...body })).rejects.toMatchObject({
        status: 400,
        response: { message: message + '.' },
      });
    };
    await bad({ question: ' ' }, 'Question is required');
    await bad({ kind: 'single', options: ['Only one'] }, 'A choice survey needs 2 to 10 options');
    await bad({ pages: '/pricing\npricing' }, 'URL pattern must start with /, * or http(s)://: pricing');
    await bad({ share: 0 }, 'Share of visitors must be a whole percentage from 1 to 100');
    expect(await server.admin.collection('surveys').getFullList({ filter: `site_id = "${siteId}"` })).toHaveLength(0);
  });
});

describe('answers and results', () => {
  let nps: RecordModel, choice: RecordModel, text: RecordModel;

  it("puts the site's active surveys in its script (full build) and serves the widget", async () => {
    nps = await owner.client.collection('surveys').create({ site_id: siteId, ...NPS, pages: '/pricing', exit_intent: true });
    choice = await owner.client.collection('surveys').create({
      site_id: siteId,
      kind: 'multiple',
      question: 'What brought you?',
      options: ['Price', 'Reviews', 'Speed'],
      share: 50,
      active: true,
    });
    text = await owner.client.collection('surveys').create({ site_id: siteId, kind: 'text', question: 'What stopped you?', active: true });
    const script = await (await fetch(`${server.url}/t/${site.public_key}.js`)).text();
    const path = /"y":\{"u":"(\/t\/s\/[0-9a-f]{12}\.js)"/.exec(script)?.[1];
    expect(path).toBeTruthy();
    expect(script).toContain(`"i":"${nps.id}","k":"nps"`);
    expect(script).toContain('"p":["/pricing"]');
    const chunk = await fetch(server.url + path);
    expect(chunk.status).toBe(200);
    expect(await chunk.text()).toContain('attachShadow');
    expect((await fetch(`${server.url}/t/s/000000000000.js`)).status).toBe(404);
  });

  it('refuses bad answers with a 400 saying what to fix, and stores nothing', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ survey: nps.id, session: 's1', value: 11 }, 400, 'value must be a whole number from 0 to 10'],
      [{ survey: nps.id, session: 's1', value: '9' }, 400, 'value must be a whole number from 0 to 10'],
      [{ survey: nps.id, session: '', value: 9 }, 400, 'session must be the visitor session id (1 to 64 letters, digits, dots, dashes)'],
      [
        { survey: choice.id, session: 's1', value: ['Price', 'Colour'] },
        400,
        'value must be one of the survey options (or a list of them)',
      ],
      [{ survey: text.id, session: 's1', value: '   ' }, 400, 'value must be a non-empty text'],
      [{ survey: 'nope', session: 's1', value: 9 }, 404, 'No such survey for this site.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await answer(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await res.json()).message).toBe(message);
    }
    const notJson = await fetch(`${server.url}/api/cro/surveys/answer`, { method: 'POST', body: 'value=9' });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).message).toBe('The request body must be a JSON object.');
    expect(await answerCount()).toBe(0);
  });

  it('stores answers with their session and masks e-mail addresses and card-like numbers in open text', async () => {
    for (const [session, value] of [
      ['sa', 10],
      ['sb', 9],
      ['sc', 3],
    ] as const)
      expect((await answer({ survey: nps.id, session, value })).status).toBe(201);
    // As the widget sends it: JSON as text/plain (no preflight), answered to any origin.
    const plain = await fetch(`${server.url}/api/cro/surveys/answer`, {
      method: 'POST',
      headers: { Origin: 'https://surveys.example.com' },
      body: JSON.stringify({ key: site.public_key, survey: nps.id, session: 'sd', value: 7 }),
    });
    expect(plain.status).toBe(201);
    expect(plain.headers.get('access-control-allow-origin')).toBe('*');
    // Another site's page may not answer this site's survey: refused, nothing stored.
    const before = await answerCount();
    const foreign = await fetch(`${server.url}/api/cro/surveys/answer`, {
      method: 'POST',
      headers: { Origin: 'https://elsewhere.example.net' },
      body: JSON.stringify({ key: site.public_key, survey: nps.id, session: 'sx', value: 0 }),
    });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).message).toBe('Origin not allowed for this site.');
    expect(await answerCount()).toBe(before);
    for (const value of [['Price', 'Reviews'], ['Price'], 'Speed'])
      expect((await answer({ survey: choice.id, session: 'se', value })).status).toBe(201);
    const typed = [
      'Shipping cost too high, mail me at jane.doe@example.com',
      'shipping was slow; card 4111 1111 1111 1111 declined',
      'checkout form is long',
    ];
    for (const value of typed) expect((await answer({ survey: text.id, session: 'sf', value })).status).toBe(201);
    const stored = await server.admin.collection('survey_answers').getFullList({ filter: `survey_id = "${text.id}"` });
    const all = JSON.stringify(stored);
    expect(all).not.toContain('jane.doe');
    expect(all).not.toContain('example.com');
    expect(all).not.toContain('4111');
    expect(stored.map((r) => r.session)).toEqual(['sf', 'sf', 'sf']);
  });

  it('gives NPS with its interval, choice shares, open answers and keyword themes to members', async () => {
    const r = await results(nps.id, viewer);
    expect(r.nps).toMatchObject({ responses: 4, promoters: 2, passives: 1, detractors: 1, nps: 25 });
    expect(r.nps.low).toBeLessThan(25);
    expect(r.nps.high).toBeGreaterThan(25);
    expect(r.answers.map((a: { session: string }) => a.session).sort()).toEqual(['sa', 'sb', 'sc', 'sd']);
    const c = await results(choice.id);
    expect(c.choices).toEqual([
      { option: 'Price', count: 2, share: 66.7 },
      { option: 'Reviews', count: 1, share: 33.3 },
      { option: 'Speed', count: 1, share: 33.3 },
    ]);
    const t = await results(text.id);
    expect(t.answers).toHaveLength(3);
    expect(t.themes.engine).toBe('Built-in engine: keyword clusters');
    expect(t.themes.list[0]).toMatchObject({ keyword: 'shipping', count: 2 });
  });

  it('keeps answers from the collection API for writes and from non-members', async () => {
    await expect(
      owner.client.collection('survey_answers').create({ site_id: siteId, survey_id: nps.id, session: 'x', score: 10 }),
    ).rejects.toMatchObject({ status: 403 });
    const outsider = await server.createUser();
    expect(await outsider.client.collection('survey_answers').getFullList()).toHaveLength(0);
    expect(await outsider.client.collection('surveys').getFullList()).toHaveLength(0);
    const res = await fetch(`${server.url}/api/cro/surveys/${nps.id}/results`, {
      headers: { Authorization: outsider.client.authStore.token },
    });
    expect(res.status).toBe(404);
  });

  it('stops taking answers for an inactive survey and leaves it out of the script', async () => {
    await owner.client.collection('surveys').update(nps.id, { active: false });
    expect((await answer({ survey: nps.id, session: 'sz', value: 9 })).status).toBe(404);
    const script = await (await fetch(`${server.url}/t/${site.public_key}.js`)).text();
    expect(script).not.toContain(nps.id);
  });

  it("targets a survey after one of the site's goals; another site's goal is refused", async () => {
    const goal = await owner.client
      .collection('goals')
      .create({ site_id: siteId, name: 'Signed up', type: 'url', match: '/welcome', enabled: true });
    const s = await owner.client.collection('surveys').create({ site_id: siteId, ...NPS, question: 'How was sign-up?', goal_id: goal.id });
    const script = await (await fetch(`${server.url}/t/${site.public_key}.js`)).text();
    expect(script).toContain(`"i":"${s.id}"`);
    expect(script).toContain('"g":{"t":"url","m":"/welcome"}');
    const other = await server.admin
      .collection('sites')
      .create({ user_id: owner.record.id, name: 'Other', domain: 'other-surveys.example.com' });
    const foreign = await server.admin
      .collection('goals')
      .create({ site_id: other.id, name: 'X', type: 'url', match: '/x', enabled: true });
    await expect(owner.client.collection('surveys').update(s.id, { goal_id: foreign.id })).rejects.toMatchObject({ status: 400 });
    await owner.client.collection('surveys').delete(s.id);
  });

  it("stores a consent-free visitor's answer with the session the server names, not the client's", async () => {
    await server.admin.collection('sites').update(siteId, { consent_free: true });
    const s = await owner.client.collection('surveys').create({ site_id: siteId, ...NPS, question: 'Consent-free?' });
    const script = await (await fetch(`${server.url}/t/${site.public_key}.js`)).text();
    const visitor = /"c":"(\w+)"/.exec(script)?.[1] ?? '';
    expect(visitor).not.toBe('');
    for (const session of ['client-a', 'client-b']) expect((await answer({ survey: s.id, session, value: 9 })).status).toBe(201);
    const stored = await server.admin.collection('survey_answers').getFullList({ filter: `survey_id = "${s.id}"` });
    expect(stored).toHaveLength(2);
    expect(stored[0]!.session).toBe(stored[1]!.session);
    expect(stored[0]!.session.startsWith(visitor.slice(0, 12))).toBe(true);
    await server.admin.collection('sites').update(siteId, { consent_free: false });
    await owner.client.collection('surveys').delete(s.id);
  });

  it('answers 429 past 60 answers a minute from one address', async () => {
    const settings = await server.admin.settings.getAll();
    expect(settings.rateLimits.rules).toContainEqual({
      label: 'POST /api/cro/surveys/answer',
      audience: '',
      duration: 60,
      maxRequests: 60,
    });
    await server.admin.settings.update({ rateLimits: settings.rateLimits }); // a fresh limiter
    const s = await owner.client.collection('surveys').create({ site_id: siteId, ...NPS, question: 'Rate?' });
    for (let i = 0; i < 60; i++) expect((await answer({ survey: s.id, session: `r${i}`, value: 5 })).status).toBe(201);
    expect((await answer({ survey: s.id, session: 'r60', value: 5 })).status).toBe(429);
  });
});
