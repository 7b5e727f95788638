/**
 * The OpenAPI document is valid (checked by a maintained validator), is what the server serves, and
 * every operation in it answers with one of the statuses it documents; over the rate limit a key
 * gets 429 and never a 5xx.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../../helpers/pocketbase';
import { makeSite } from '../analytics/helpers';
import { call, createKey, expectErrorShape } from './helpers';

const DOCUMENT_PATH = resolve(import.meta.dirname, '../../../pocketbase/publicapi/openapi.json');
const RATE_LIMIT = 20;

interface Operation {
  security?: unknown[];
  parameters?: { $ref?: string; name?: string; in?: string }[];
  requestBody?: { content: { 'application/json': { example: unknown } } };
  responses: Record<string, unknown>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

let server: TestServer;
let owner: TestUser;
let site: RecordModel;

beforeAll(async () => {
  server = await startPocketBase({ env: { CRO_API_RATE_LIMIT: String(RATE_LIMIT) } });
  owner = await server.createUser();
  site = await makeSite(owner);
  // The API comes with the Enterprise & Ecom plan.
  await server.admin.collection('sites').update(site.id, { plan_tier: 'enterprise' });
});
afterAll(async () => server?.stop());

describe('the OpenAPI document', () => {
  it('is valid OpenAPI and is served unchanged at /v1/openapi.json', async () => {
    const onDisk = JSON.parse(readFileSync(DOCUMENT_PATH, 'utf8')) as Document;
    await expect(SwaggerParser.validate(structuredClone(onDisk) as never)).resolves.toBeTruthy();
    const res = await fetch(`${server.url}/v1/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual(onDisk);
  });

  it('every operation answers with a status it documents', async () => {
    const doc = JSON.parse(readFileSync(DOCUMENT_PATH, 'utf8')) as Document;
    const { key } = await createKey(owner, site.id, 'write');
    const experiment = await owner.client.collection('experiments').create({
      site_id: site.id,
      name: 'Headline test',
      variants: [
        { key: 'control', name: 'Control', weight: 0.5, changes: [] },
        { key: 'b', name: 'B', weight: 0.5, changes: [{ type: 'set_text', value: 'Start free' }] },
      ],
      primary_goal: 'revenue',
    });
    let operations = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        operations++;
        const needsSite = (op.parameters ?? []).some((p) => p.$ref === '#/components/parameters/SiteId');
        const url = path.replace('{id}', experiment.id) + (needsSite ? `?site_id=${site.id}` : '');
        const example = op.requestBody?.content['application/json'].example as Record<string, unknown> | undefined;
        const body = example ? { ...example, site_id: site.id } : undefined;
        const res = await call(server, method.toUpperCase(), url, key, body);
        expect(Object.keys(op.responses), `${method} ${path} answered ${res.status}`).toContain(String(res.status));
        expect(res.status, `${method} ${path}`).not.toBe(404);
        if (res.status >= 400) expectErrorShape(res.body, res.status);
        if (op.security?.length !== 0) {
          // Without a key every protected operation says so, in the documented shape.
          const anonymous = await call(server, method.toUpperCase(), url, null, body);
          expect(anonymous.status, `${method} ${path} without a key`).toBe(401);
        }
      }
    }
    expect(operations).toBe(5);
  });
});

describe('rate limit', () => {
  it(`1,000 requests over a key's limit get 429 and no 5xx`, async () => {
    const { key } = await createKey(owner, site.id, 'read');
    const total = RATE_LIMIT + 1000;
    const statuses: number[] = [];
    const url = `/v1/analytics?site_id=${site.id}`;
    for (let i = 0; i < total; i += 50) {
      const wave = await Promise.all(Array.from({ length: Math.min(50, total - i) }, () => call(server, 'GET', url, key)));
      for (const r of wave) {
        statuses.push(r.status);
        if (r.status === 429) {
          expectErrorShape(r.body, 429);
          expect(r.headers.get('retry-after')).toBe('1');
        }
      }
    }
    const count = (s: number) => statuses.filter((x) => x === s).length;
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(count(200) + count(429)).toBe(total);
    // The bucket holds RATE_LIMIT requests and refills RATE_LIMIT a minute: a few more may pass while the test runs.
    expect(count(200)).toBeGreaterThanOrEqual(RATE_LIMIT);
    expect(count(200)).toBeLessThanOrEqual(RATE_LIMIT + 10);
    expect(count(429)).toBeGreaterThanOrEqual(1000 - 10);

    // Another key of the same site has its own budget.
    const other = await createKey(owner, site.id, 'read');
    expect((await call(server, 'GET', url, other.key)).status).toBe(200);
  });
});
