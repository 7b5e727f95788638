/**
 * Pages for the audit tests, parsed by the server's own parser (pocketbase/htmlpage), so the tests
 * audit exactly what a production scan audits. The scan fixtures come as committed page JSON
 * (tests/fixtures/scan/*.page.json, kept current by the Go test TestFixturePages); other HTML goes
 * through the Go command pocketbase/cmd/htmlpage, built once per test process.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '../../src/lib/audit';

const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURES = join(ROOT, 'tests/fixtures/scan');

/**
 * A scan fixture's page (tests/fixtures/scan/<name>.html, or quality/<name>.html for the scored
 * set) as if fetched from url.
 */
export function fixturePage(name: string, url: string, assetSizes: Record<string, number> = {}): Page {
  const page = JSON.parse(readFileSync(join(FIXTURES, `${name}.page.json`), 'utf8')) as Page;
  return { ...page, url, assetSizes };
}

let parser: string | undefined;

function goParser(): string {
  if (!parser) {
    const go = existsSync('/usr/local/go/bin/go') ? '/usr/local/go/bin/go' : 'go';
    const out = join(mkdtempSync(join(tmpdir(), 'htmlpage-')), 'htmlpage');
    execFileSync(go, ['build', '-o', out, './cmd/htmlpage'], { cwd: join(ROOT, 'pocketbase'), stdio: ['ignore', 'ignore', 'inherit'] });
    parser = out;
  }
  return parser;
}

/** html parsed by the Go parser as the page fetched from url. */
export function parseWithGo(html: string, url: string, assetSizes: Record<string, number> = {}): Page {
  const page = JSON.parse(execFileSync(goParser(), [url], { input: html, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })) as Page;
  return { ...page, assetSizes };
}
