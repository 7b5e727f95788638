/**
 * The scan renders before judging when the server has a Chromium (CRO_SCAN_CHROMIUM): a headline
 * and a call to action built by the page's script are seen; without the setting the same page is
 * judged from its HTML alone, which as an app shell's says nothing about its body. Each browser request goes through the guarded fetcher (see
 * pocketbase/render's Go test for the refused ones).
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';
import { startFixtureSite, type FixtureSite } from '../helpers/scan-fixture-site';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let site: FixtureSite;
let rendering: TestServer;
let htmlOnly: TestServer;

beforeAll(async () => {
  site = await startFixtureSite();
  const env = { CRO_SCAN_ALLOW_HOSTS: site.hostPort, CRO_SCAN_RATE_LIMIT: '1000' };
  [rendering, htmlOnly] = await Promise.all([startPocketBase({ env: { ...env, CRO_SCAN_CHROMIUM: CHROMIUM } }), startPocketBase({ env })]);
});
afterAll(async () => {
  await Promise.all([rendering?.stop(), htmlOnly?.stop()]);
  await site?.stop();
});

async function scan(server: TestServer): Promise<{ ids: string[]; rendered: boolean }> {
  const res = await fetch(`${server.url}/api/cro/scan`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: `${site.origin}/scripted/` }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { optimizations: { id: string }[]; rendered: boolean };
  return { ids: body.optimizations.map((o) => o.id), rendered: body.rendered };
}

describe.skipIf(!existsSync(CHROMIUM))('the scan renders the page before judging it', () => {
  it('sees the headline and the call to action a script built; the HTML alone cannot judge them', async () => {
    const plain = await scan(htmlOnly);
    expect(plain.rendered).toBe(false);
    // The served HTML is an app shell: what its body lacks there is not missing (issue 38).
    for (const id of ['copy-no-h1', 'cta-missing', 'copy-thin-content']) expect(plain.ids).not.toContain(id);
    const rendered = await scan(rendering);
    expect(rendered.rendered).toBe(true);
    expect(rendered.ids).not.toContain('copy-no-h1');
    expect(rendered.ids).not.toContain('cta-missing');
    expect(site.hits.get('/assets/headline.js')).toBeGreaterThan(0);
  });
});
