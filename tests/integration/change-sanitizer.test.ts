/** Every known XSS / leak vector, sent as an editor through the real API, is refused with a 400 naming the problem, and nothing is stored. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../helpers/pocketbase';
import { startSuite } from '../helpers/suite';
import corpus from '../fixtures/xss-vectors.json';

let server: TestServer, editor: TestUser, siteId: string;
beforeAll(async () => {
  ({ server, editor, siteId } = await startSuite({ users: ['owner', 'editor'], site: 'xss.example.com', roles: { editor: 'editor' } }));
});
afterAll(async () => server?.stop());

const RULE = { rule_type: 'cta_text', name: 'Hero copy', url_pattern: '/*', selector: '#hero', enabled: false, rollout_percentage: 100 };

describe('rule changes from the XSS corpus', () => {
  it('are each refused on create with a 400 that names the problem, storing nothing', async () => {
    const rules = editor.client.collection('optimization_rules');
    const refused: string[] = [];
    for (const v of corpus.vectors) {
      const error = await rules.create({ site_id: siteId, ...RULE, changes: [v.change] }).then(
        () => null,
        (e: { status: number; message: string }) => e,
      );
      if (error?.status === 400 && /^Change 1 (may not set the .+ attribute|is refused: .+)\.$/.test(error.message)) refused.push(v.name);
    }
    expect(refused).toEqual(corpus.vectors.map((v) => v.name));
    expect(await server.admin.collection('optimization_rules').getFullList({ filter: `site_id = "${siteId}"` })).toEqual([]);
  });

  it('are each refused on update, leaving the stored changes as they were', async () => {
    const rules = editor.client.collection('optimization_rules');
    const safe = [{ type: 'set_html', value: '<b>Free</b> shipping' }];
    const rule = await rules.create({ site_id: siteId, ...RULE, changes: safe });
    const statuses = new Set<number>();
    for (const v of corpus.vectors)
      await rules.update(rule.id, { changes: [v.change] }).catch((e: { status: number }) => statuses.add(e.status));
    expect([...statuses]).toEqual([400]);
    expect((await server.admin.collection('optimization_rules').getOne(rule.id)).changes).toEqual(safe);
  });
});

// Changes safe in themselves, aimed at an element that runs, loads or reveals (a data script, a
// stylesheet link, a password input...): refused from the selector and the changes, for rules and
// for A/B test variants alike, on create and on update.
describe('the XSS corpus: changes aimed at elements that run, load or reveal', () => {
  const REFUSED = /^(The selector is refused: it names <[a-z]+>, and no change may touch a <[a-z]+> element|Change \d is refused: .+)\.?$/;
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: { status: number; message: string }) => e,
    );

  it('are each refused as rules with a 400 that names the problem, on create and on update, storing nothing', async () => {
    const rules = editor.client.collection('optimization_rules');
    const before = (await server.admin.collection('optimization_rules').getFullList({ filter: `site_id = "${siteId}"` })).length;
    const safe = await rules.create({ site_id: siteId, ...RULE, selector: '#hero', changes: [{ type: 'set_text', value: 'Hi' }] });
    const refused: string[] = [];
    for (const v of corpus.targeted) {
      const created = await failure(rules.create({ site_id: siteId, ...RULE, selector: v.selector, changes: v.changes }));
      const updated = await failure(rules.update(safe.id, { selector: v.selector, changes: v.changes }));
      if (created?.status === 400 && REFUSED.test(created.message) && updated?.status === 400 && REFUSED.test(updated.message))
        refused.push(v.name);
    }
    expect(refused).toEqual(corpus.targeted.map((v) => v.name));
    const stored = await server.admin.collection('optimization_rules').getFullList({ filter: `site_id = "${siteId}"` });
    expect(stored.length).toBe(before + 1);
    expect(await server.admin.collection('optimization_rules').getOne(safe.id)).toMatchObject({
      selector: '#hero',
      changes: [{ type: 'set_text', value: 'Hi' }],
    });
    await rules.delete(safe.id);
  });

  it('are each refused as A/B test variants with a 400, on create and on update of a draft, storing nothing', async () => {
    const experiments = editor.client.collection('experiments');
    const test = (selector: string, changes: unknown[]) => ({
      site_id: siteId,
      name: 'Data script test',
      selector,
      url_pattern: '/*',
      primary_goal: 'revenue',
      variants: [
        { key: 'control', name: 'Control', weight: 0.5, changes: [] },
        { key: 'b', name: 'B', weight: 0.5, changes },
      ],
    });
    const draft = await experiments.create(test('#hero', [{ type: 'set_text', value: 'Hi' }]));
    const refused: string[] = [];
    for (const v of corpus.targeted) {
      const created = await failure(experiments.create(test(v.selector, v.changes)));
      const updated = await failure(experiments.update(draft.id, test(v.selector, v.changes)));
      if (created?.status === 400 && updated?.status === 400 && /refused/.test(created.message) && /refused/.test(updated.message))
        refused.push(v.name);
    }
    expect(refused).toEqual(corpus.targeted.map((v) => v.name));
    const stored = await server.admin.collection('experiments').getFullList({ filter: `site_id = "${siteId}"` });
    expect(stored.map((x) => [x.selector, x.variants[1].changes])).toEqual([['#hero', [{ type: 'set_text', value: 'Hi' }]]]);
  });
});

describe('a redirect as it was found accepted (issue 30, finding 11)', () => {
  it('is refused with a 400 when a tab hides what the browser will read', async () => {
    const error = await editor.client
      .collection('optimization_rules')
      .create({ site_id: siteId, ...RULE, selector: '', changes: [{ type: 'redirect', value: '/\tjavascript:alert(1)' }] })
      .then(
        () => null,
        (e: { status: number; message: string }) => e,
      );
    expect(error).toMatchObject({ status: 400, message: 'Change 1 must redirect to a URL without spaces or control characters.' });
  });
});
