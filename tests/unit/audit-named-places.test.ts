/**
 * A place the template made for something, named by its class or id, keeps the checks that report
 * it missing silent: the first time a family was seen, such places filled in ways the rules did not
 * read (a contact block's bare details, a social row drawn by an icon font the rules did not know)
 * were the bulk of those checks' false findings. Each case comes with the page that lacks the thing
 * and is still reported.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { auditPage, type AuditResult } from '../../src/lib/audit';
import type { SiteType } from '../../src/lib/site-type';
import { parseWithGo } from '../helpers/audit-pages';

const page = (body: string, siteType: SiteType = 'local'): AuditResult =>
  auditPage(
    parseWithGo(
      `<!doctype html><html lang="en"><head><title>Harbour Bakery</title><meta name="description" content="Bread baked at dawn by the harbour."></head>` +
        `<body><h1>Harbour Bakery</h1><p>Sourdough, rye and seeded loaves baked every morning.</p>${body}</body></html>`,
      'https://fixture.example/',
    ),
    { siteType },
  );
const ids = (r: AuditResult): string[] => r.findings.map((f) => f.id);

describe('places named for what a check looks for', () => {
  beforeAll(() => void parseWithGo('', 'https://fixture.example/'), 120_000);

  test('a contact section with its details in it is contact, whatever words they use', () => {
    expect(ids(page('<section class="home-contact"><h2>Visit</h2><p>12 Quay Street, Portree — open daily</p></section>'))).not.toContain(
      'trust-no-contact',
    );
    // An empty block named contact is no contact, nor is a page with none.
    expect(ids(page('<div class="contact-block"></div><section><h2>Visit</h2><p>Open daily from seven.</p></section>'))).toContain(
      'trust-no-contact',
    );
    expect(ids(page('<section><h2>Our loaves</h2><p>Open daily from seven.</p></section>'))).toContain('trust-no-contact');
  });

  test('a block named for the networks holds social links, even drawn by an icon font the scan does not know', () => {
    expect(ids(page('<ul class="footer-social"><li><a href="#"><span class="glyph glyph-fb"></span></a></li></ul>'))).not.toContain(
      'retention-no-social-links',
    );
    expect(ids(page('<ul class="footer-links"><li><a href="/menu">Menu</a></li></ul>'))).toContain('retention-no-social-links');
  });
});
