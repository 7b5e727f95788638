/**
 * A page whose header and footer are loaded by script (issue 38): the served HTML has empty
 * placeholders where the site keeps its contact details, privacy and about links, social links and
 * newsletter, so the scan does not call them missing. Served, the same page's absences are reported.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { auditPage, type AuditResult } from '../../src/lib/audit';
import { parseWithGo } from '../helpers/audit-pages';

const audit = (body: string): AuditResult =>
  auditPage(
    parseWithGo(
      `<!doctype html><html lang="en"><head><title>Harbour Rowing Club</title></head><body>${body}</body></html>`,
      'https://fixture.example/',
    ),
  );
const ids = (r: AuditResult): string[] => r.findings.map((f) => f.id);
const main = `<main><h1>Learn to row this summer</h1><p>Eight evening sessions on the harbour for adults who have never rowed.</p>
  <a class="btn" href="/join">Book a taster</a></main>`;
const loader = `<script>for (const p of ['header', 'footer']) fetch('/partials/' + p + '.html').then((r) => r.text()).then((h) => (document.getElementById(p + '-slot').innerHTML = h));</script>`;

describe('a header and footer loaded by script', () => {
  beforeAll(() => void parseWithGo('', 'https://fixture.example/'), 120_000);

  test('what the site keeps in them is not reported missing from the served page', () => {
    const r = audit(`<div id="header-slot"></div>${main}<div id="footer-slot"></div>${loader}`);
    for (const id of ['trust-no-contact', 'trust-no-privacy', 'trust-no-about']) expect(ids(r), id).not.toContain(id);
    // What the served page itself shows or lacks still counts.
    expect(ids(r)).toEqual(expect.arrayContaining(['copy-no-meta-description', 'retention-no-open-graph']));
  });

  test('an include attribute is a loaded footer too', () => {
    const r = audit(`${main}<div data-include="/partials/footer.html"></div><script src="/include.js"></script>`);
    expect(ids(r)).not.toContain('trust-no-privacy');
  });

  test('with the footer served, or no script to fill the placeholder, the absences are reported', () => {
    const served = audit(`<div id="header-slot"></div>${main}<footer><p>Harbour Rowing Club, volunteers since 1921</p></footer>${loader}`);
    expect(ids(served)).toEqual(expect.arrayContaining(['trust-no-contact', 'trust-no-privacy']));
    const empty = audit(`<div id="header-slot"></div>${main}<div id="footer-slot"></div>`);
    expect(ids(empty)).toEqual(expect.arrayContaining(['trust-no-contact', 'trust-no-privacy']));
  });
});
