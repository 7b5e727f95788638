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
