import { beforeAll, describe, expect, test } from 'vitest';
import { ALL_CHECKS, auditPage, SCAN_CATEGORIES, toScanResponse, type AuditResult } from '../../src/lib/audit';
import catalogue from '../../src/lib/audit/checks/catalogue.json' with { type: 'json' };
import { fixturePage, parseWithGo } from '../helpers/audit-pages';

/** A neutral URL: no site-type keyword, so the page content decides. */
const audit = (name: string, url = 'https://fixture.example/page'): AuditResult => auditPage(fixturePage(name, url));
/**
 * The landing fixtures audited as the B2B pages they were written as (the type the signed-in scan
 * passes once a site's pages have shown it): their own evidence is too thin for the site-type
 * model, which types them 'general' alone (see 'the B2B page...' below), and these tests are about the findings.
 */
/**
 * At the site's root: a page whose path and content say nothing of its page type (/page) is
 * reported as a landing page but gets no page-type-scoped absences (type-confidence.ts).
 */
const auditB2b = (name: string, url = 'https://fixture.example/'): AuditResult => auditPage(fixturePage(name, url), { siteType: 'b2b' });
const auditHtml = (html: string, url: string): AuditResult => auditPage(parseWithGo(html, url));
const ids = (r: AuditResult): string[] => r.findings.map((f) => f.id);

describe('the audit', () => {
  beforeAll(() => void parseWithGo('', 'https://x.example/'), 120_000); // builds the Go parser once, before the timed tests
  test('has at least 30 checks covering all ten categories', () => {
    expect(ALL_CHECKS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(ALL_CHECKS.map((c) => c.category))).toEqual(new Set(SCAN_CATEGORIES));
    expect(new Set(ALL_CHECKS.map((c) => c.id)).size).toBe(ALL_CHECKS.length);
    expect(ALL_CHECKS.map((c) => c.id).sort()).toEqual(Object.keys(catalogue).sort()); // no copy without a check
  });

  test('a weak landing page yields many findings, the biggest problems first', () => {
    const r = auditB2b('weak-landing');
    expect(r.findings.length).toBeGreaterThanOrEqual(25);
    // Its 'Submit' button is a call to action (a weak one, reported as vague), so no 'cta-missing'.
    expect(ids(r).slice(0, 6)).toEqual(expect.arrayContaining(['copy-no-title', 'mobile-no-viewport', 'form-too-many-fields']));
    expect(ids(r)).not.toContain('cta-missing');
    expect(ids(r)).toEqual(
      expect.arrayContaining([
        'copy-no-title',
        'copy-weak-headline',
        'copy-no-meta-description',
        'perf-blocking-scripts',
        'form-unlabelled-fields',
        'form-wrong-input-type',
        'cta-vague-text',
        'cta-dead-links',
        'mobile-tables-layout',
        'mobile-no-tap-to-call',
        'copy-missing-alt',
      ]),
    );
    const form = r.findings.find((f) => f.id === 'form-too-many-fields')!;
    expect(form.evidence).toMatchObject({ element: '<form>', count: 8, selector: 'form' });
    expect(form.evidence.sample).toContain('First name, Last name, Email');
    expect(r.findings.find((f) => f.id === 'mobile-no-viewport')!.evidence.missing).toBe('<meta name="viewport">');
    expect(r.findings.find((f) => f.id === 'perf-blocking-scripts')!).toMatchObject({ impact: 'High', evidence: { count: 3 } });
  });

  test('our own synchronous tracking snippet is not reported as a blocking script; others still are', () => {
    const page = (head: string) =>
      `<!doctype html><html><head><meta charset="utf-8">${head}<title>Shop</title></head><body><h1>Shop</h1></body></html>`;
    const own = '<script src="https://app.example.test/t/abcdefghijklmnopqrstuvwx.js"></script>';
    expect(ids(auditHtml(page(own), 'https://fixture.example/page'))).not.toContain('perf-blocking-scripts');
    const other = auditHtml(page(own + '<script src="/assets/vendor.js"></script>'), 'https://fixture.example/page');
    expect(other.findings.find((f) => f.id === 'perf-blocking-scripts')!.evidence).toMatchObject({ count: 1, sample: '/assets/vendor.js' });
  });

  test('a strong landing page yields few findings', () => {
    const r = auditB2b('strong-landing');
    expect(r.findings.length).toBeLessThanOrEqual(3);
    expect(ids(r)).not.toContain('cta-missing');
    expect(r.expectedLift.max).toBeLessThan(auditB2b('weak-landing').expectedLift.min);
  });

  test('findings carry every display field, are ranked by expected impact and never repeat', () => {
    const r = audit('weak-landing');
    for (const f of r.findings) {
      expect(f.title).toBeTruthy();
      expect(f.description).toBeTruthy();
      expect(['High', 'Medium', 'Low']).toContain(f.impact);
      expect(['Easy', 'Medium', 'Hard']).toContain(f.difficulty);
      expect(f.conversionLift).toBe(`${f.liftMin}-${f.liftMax}%`);
      expect(SCAN_CATEGORIES).toContain(f.category);
      expect(f.confidence).toBeGreaterThan(0);
      expect(f.confidence).toBeLessThanOrEqual(100);
      expect(Object.keys(f.evidence).length).toBeGreaterThan(0);
    }
    const weight = { High: 3, Medium: 2, Low: 1 };
    const scores = r.findings.map((f) => weight[f.impact] * ((f.liftMin + f.liftMax) / 2) * f.confidence);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  test('the shop is e-commerce from its Product markup and add-to-cart button, with shop findings', () => {
    const r = audit('shop');
    expect(r).toMatchObject({ siteType: 'ecommerce', siteTypeLabel: 'E-commerce', siteTypeSource: 'content' });
    expect(r.siteTypeSignals).toEqual(expect.arrayContaining(['Product markup', 'add-to-cart button']));
    expect(ids(r)).toEqual(
      expect.arrayContaining(['checkout-no-shipping-returns', 'checkout-no-payment-options', 'mobile-zoom-disabled', 'social-no-ratings']),
    );
    expect(ids(r)).not.toContain('checkout-no-cart');
    expect(ids(r)).not.toContain('pricing-no-price');
    expect(ids(r)).not.toContain('form-no-lead-capture'); // a B2B check
  });

  test('the local business is local from LocalBusiness markup, address and opening hours', () => {
    const r = audit('local-business');
    expect(r).toMatchObject({ siteType: 'local', siteTypeLabel: 'Local Business', siteTypeSource: 'content' });
    expect(r.siteTypeSignals).toEqual(expect.arrayContaining(['LocalBusiness markup', 'address', 'opening hours']));
    const call = r.findings.find((f) => f.id === 'mobile-no-tap-to-call')!;
    expect(call.impact).toBe('High');
    expect(ids(r)).toEqual(expect.arrayContaining(['form-unlabelled-fields', 'form-wrong-input-type', 'cta-vague-text']));
  });

  test('the B2B page, audited as B2B / Lead Generation, misses lead capture, proof and contact', () => {
    // It shows no sales call, pricing or plans, and the word model finds its words ("accounts payable
    // automation") about as likely on any kind of site: alone it is a General website, which gets no type's advice.
    expect(audit('b2b')).toMatchObject({ siteType: 'general', siteTypeLabel: 'General website' });
    const r = auditB2b('b2b');
    expect(r).toMatchObject({ siteType: 'b2b', siteTypeLabel: 'B2B / Lead Generation' });
    expect(ids(r).slice(0, 5)).toEqual(expect.arrayContaining(['cta-missing', 'form-no-lead-capture', 'trust-no-contact']));
    expect(ids(r)).toEqual(expect.arrayContaining(['social-no-logos', 'pricing-hidden', 'perf-blocking-scripts', 'copy-wall-of-text']));
    expect(ids(r)).not.toContain('checkout-no-cart');
    // The same page at a path that names nothing may be any inner page: its prose with no button, form
    // or price reads as an article (page-type.ts readingPage), and it is not told what a landing page lacks.
    const inner = auditB2b('b2b', 'https://fixture.example/page');
    expect(inner.pageType).toBe('article');
    expect(ids(inner)).not.toContain('trust-no-contact');
    expect(ids(inner)).not.toContain('social-no-logos');
    expect(ids(inner)).toEqual(expect.arrayContaining(['cta-missing', 'perf-blocking-scripts']));
  });

  test("a keyword of the URL's host or path counts with the content; the query string never does", () => {
    // 'shop' in the host is one sign of a shop: with nothing else on the page it is too little.
    expect(audit('b2b', 'https://my-shop.example/')).toMatchObject({ siteType: 'general', siteTypeSource: 'default' });
    const shopSigns = (url: string): string[] => audit('strong-landing', url).siteTypeSignals;
    expect(auditPage(fixturePage('strong-landing', 'https://my-shop.example/')).siteType).not.toBe('ecommerce');
    // Product markup and an add-to-cart button outweigh 'cafe' in the host: a café that sells online.
    expect(audit('shop', 'https://downtown-cafe.example/').siteType).toBe('ecommerce');
    expect(audit('local-business', 'https://fixture.example/').siteType).toBe('local');
    expect(audit('strong-landing', 'https://fixture.example/').siteType).toBe('b2b');
    expect(audit('strong-landing', 'https://fixture.example/?utm_campaign=shop-sale&ref=local-cafe').siteType).toBe('b2b');
    expect(shopSigns('https://fixture.example/?utm_campaign=shop-sale&ref=local-cafe')).toEqual(shopSigns('https://fixture.example/'));
    expect(audit('strong-landing', 'https://fixture.example/#buy').siteType).toBe('b2b');
  });

  test('an http page is flagged, an https one is not', () => {
    expect(ids(audit('strong-landing', 'http://fixture.example/'))).toContain('trust-no-https');
    expect(ids(audit('strong-landing'))).not.toContain('trust-no-https');
  });

  test('stylesheets and scripts are judged by their measured size', () => {
    const measured = (sizes: Record<string, number>) => auditPage(fixturePage('strong-landing', 'https://fixture.example/', sizes));
    const heavy = measured({
      'https://fixture.example/assets/app.js': 1_500_000,
      'https://fixture.example/assets/app.css': 90_000,
    });
    expect(heavy.findings.find((f) => f.id === 'perf-heavy-assets')!.evidence).toEqual({
      element: 'CSS and JavaScript files',
      count: 2,
      missing: 'under 1 MB of CSS and JavaScript (1553 KB)',
    });
    expect(ids(measured({ 'https://fixture.example/assets/app.js': 40_000 }))).not.toContain('perf-heavy-assets');
  });

  test('the scan response derives its lift, counts and landing opportunities from the audit', () => {
    const r = auditB2b('weak-landing');
    const res = toScanResponse(r, '2026-01-01T00:00:00Z', false);
    expect(res.optimizations).toHaveLength(10);
    expect(res.totalFindings).toBe(r.findings.length);
    expect(res.moreCount).toBe(r.findings.length - 10);
    expect(res.expectedLift).toBe(`${Math.round(r.expectedLift.min)}-${Math.round(r.expectedLift.max)}%`);
    // The landing widget shows the three findings the audit is most sure of, not the three largest.
    expect(res.opportunities).toHaveLength(3);
    const sure = [...r.findings].sort((a, b) => b.confidence - a.confidence);
    expect(res.opportunities.map((o) => o.confidence)).toEqual(sure.slice(0, 3).map((f) => f.confidence));
    expect(Math.min(...res.opportunities.map((o) => o.confidence))).toBeGreaterThanOrEqual(sure[3]!.confidence);
    // Equally sure, the larger expected lift first.
    expect(res.opportunities[0]).toMatchObject({ id: 'mobile-no-viewport', impact: 'high', category: 'mobile', confidence: 95 });
    expect(res.opportunities[1]).toMatchObject({ id: 'copy-no-title', impact: 'high', category: 'conversion', confidence: 95 });
  });

  test('malformed HTML and empty pages do not throw', () => {
    expect(() => auditHtml('<div><p>unclosed <b>tags <script>var x = "</div>";', 'https://x.example/')).not.toThrow();
    expect(auditHtml('', 'https://x.example/').findings.length).toBeGreaterThan(10);
  });
});
