import { beforeAll, describe, expect, test } from 'vitest';
import { auditPage, toScanResponse, type AuditResult } from '../../src/lib/audit';
import type { SiteType } from '../../src/lib/site-type';
import { fixturePage, parseWithGo } from '../helpers/audit-pages';
import { qualityCases, scoreQuality } from '../helpers/scan-quality';

const ids = (r: AuditResult): string[] => r.findings.map((f) => f.id);
const auditHtml = (body: string, url = 'https://fixture.example/', head = '', siteType?: SiteType): AuditResult =>
  auditPage(
    parseWithGo(`<!doctype html><html lang="en"><head><title>Fixture page for tests</title>${head}</head><body>${body}</body></html>`, url),
    { siteType },
  );

describe('the audit on the quality set (pages in the styles of real shops, SaaS, agencies, docs, blogs, charities)', () => {
  const score = scoreQuality();
  const report = score.cases
    .filter((c) => c.falsePositives.length || c.falseNegatives.length || !c.siteTypeRight || !c.pageTypeRight)
    .map((c) => `${c.name}: +[${c.falsePositives.join(', ')}] -[${c.falseNegatives.join(', ')}] ${c.result.siteType}/${c.result.pageType}`)
    .join('\n');

  test('covers at least 12 varied pages, each with its expected findings and types', () => {
    const cases = qualityCases();
    expect(cases.length).toBeGreaterThanOrEqual(12);
    expect(new Set(cases.map((c) => c.siteType)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(cases.map((c) => c.pageType)).size).toBeGreaterThanOrEqual(7);
  });

  test('is right about its findings (precision >= 95%) and finds the problems (recall >= 75%)', () => {
    expect(score.precision, report).toBeGreaterThanOrEqual(0.95);
    expect(score.recall, report).toBeGreaterThanOrEqual(0.75);
  });

  test('names the site type of at least 90% of the pages and cites evidence for every finding', () => {
    expect(score.siteTypeAccuracy, report).toBeGreaterThanOrEqual(0.9);
    expect(score.evidenceShare).toBe(1);
    for (const c of score.cases)
      for (const f of c.result.findings)
        expect(f.evidence.selector ?? f.evidence.sample ?? f.evidence.missing ?? f.evidence.element).toBeTruthy();
  });

  test('promises no revenue lift to documentation, content and non-profit sites, nor to a General website', () => {
    for (const c of score.cases) {
      const res = toScanResponse(c.result, '2026-01-01T00:00:00Z', false);
      if (['docs', 'content', 'nonprofit', 'general'].includes(c.result.siteType)) expect(res.expectedLift, c.name).toBe('Not estimated');
      else expect(res.expectedLift, c.name).toMatch(/^\d+-\d+%$/);
    }
  });

  test('a campaign query string changes neither the site type nor the page type', () => {
    for (const c of qualityCases()) {
      const clean = auditPage(fixturePage(`quality/${c.name}`, c.url.split('?')[0]!));
      const tagged = auditPage(
        fixturePage(`quality/${c.name}`, `${c.url.split('?')[0]}?utm_source=ads&utm_campaign=shop-local-cafe-checkout`),
      );
      expect([tagged.siteType, tagged.pageType], c.name).toEqual([clean.siteType, clean.pageType]);
    }
  });
});

describe('detection from the page structure', () => {
  beforeAll(() => void parseWithGo('', 'https://fixture.example/'), 120_000); // builds the Go parser once

  test('a quote counts as a testimonial only with its attribution', () => {
    // A B2B page (a sales call to action and a pricing link), where testimonials are asked for.
    const b2b = '<a class="btn" href="/demo">Book a demo</a><a href="/pricing">Pricing</a>';
    const auditB2b = (body: string) => auditHtml(b2b + body);
    const quote = '<p>We doubled our demo bookings in the first month after switching, and support answers within minutes.</p>';
    expect(ids(auditB2b(`<blockquote>${quote}</blockquote>`))).toContain('social-no-testimonials');
    expect(ids(auditB2b(`<blockquote>${quote}<cite>Ana Ruiz, COO at Brightwave</cite></blockquote>`))).not.toContain(
      'social-no-testimonials',
    );
    expect(ids(auditB2b(`<div class="testimonial">${quote}<p class="author-name">Ana Ruiz</p></div>`))).not.toContain(
      'social-no-testimonials',
    );
    expect(ids(auditB2b('<h2>What our customers say</h2><p>Read our reviews on Google.</p>'))).toContain('social-no-testimonials');
  });

  test("'Choose plan', 'Submit' and button-styled links are calls to action; a footer's 'here' is not a vague one", () => {
    expect(ids(auditHtml('<h1>Plans for teams</h1><a class="btn btn-primary" href="/signup?plan=pro">Choose plan</a>'))).not.toContain(
      'cta-missing',
    );
    expect(
      ids(auditHtml('<h1>Say hello</h1><form><label>Email <input type="email" name="email"></label><button>Submit</button></form>')),
    ).not.toContain('cta-missing');
    expect(ids(auditHtml('<h1>About our company</h1><p>We build bridges.</p><a href="/history">History</a>'))).toContain('cta-missing');
    const footer = auditHtml(
      '<h1>Bridges built to last</h1><a class="button" href="/quote">Get a quote</a><footer>Old site <a href="/old">here</a></footer>',
    );
    expect(ids(footer)).not.toContain('cta-vague-text');
  });

  test('in-page anchors resolve against ids; #, #! and anchors to nothing are dead', () => {
    const live = auditHtml(
      '<h1>Guide to bridges</h1><a href="#faq">FAQ</a><a href="#top">Back to top</a><section id="faq">Questions</section>',
    );
    expect(ids(live)).not.toContain('cta-dead-links');
    expect(
      auditHtml('<h1>Guide to bridges</h1><a href="#!">Privacy</a>').findings.find((f) => f.id === 'cta-dead-links')?.evidence,
    ).toMatchObject({
      element: '<a href="#!">',
      sample: 'Privacy',
    });
    expect(ids(auditHtml('<h1>Guide to bridges</h1><a href="#pricing">Pricing</a>'))).toContain('cta-dead-links');
  });

  test('a struck-through price anchors the sale price; a $0 plan is a free entry', () => {
    const url = 'https://fixture.example/products/lamp';
    // A check of a shop's product page, not the typing: the shop's type is given, as its other pages would give it.
    const sale = auditHtml(
      '<h1>Brass desk lamp</h1><p><s>$120.00</s> <span>$89.00</span></p><button>Add to cart</button>',
      url,
      '',
      'ecommerce',
    );
    expect(sale.pageType).toBe('product');
    expect(ids(sale)).not.toContain('pricing-no-anchor');
    expect(ids(auditHtml('<h1>Brass desk lamp</h1><p>$89.00</p><button>Add to cart</button>', url, '', 'ecommerce'))).toContain(
      'pricing-no-anchor',
    );
    const plans =
      '<h1>Pricing</h1><div><h2>Starter</h2><p>$0/month</p><a class="btn" href="/s">Choose plan</a></div><div><h2>Pro</h2><p>$29/month</p></div>';
    expect(ids(auditHtml(plans, 'https://fixture.example/pricing'))).not.toContain('pricing-no-free-entry');
  });

  test('words match on their boundaries: "hassle" is not "ssl"', () => {
    const page = (text: string) =>
      auditHtml(`<h1>Accounting software for shops</h1><p>${text}</p><a class="btn" href="/signup">Start now</a>`, undefined, '', 'b2b');
    expect(ids(page('No hassle, just numbers.'))).toContain('trust-no-guarantee');
    expect(ids(page('All traffic is protected by SSL.'))).not.toContain('trust-no-guarantee');
  });

  test('render-blocking stylesheets and fonts from other hosts are reported with their hosts', () => {
    const head =
      '<link rel="stylesheet" href="/site.css"><link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter"><link rel="stylesheet" href="https://cdn.example.net/x.css" media="print" onload="this.media=\'all\'">';
    const r = auditHtml('<h1>Accounting software for shops</h1>', 'https://fixture.example/', head);
    expect(r.findings.find((f) => f.id === 'perf-render-blocking-css')?.evidence).toMatchObject({
      count: 1,
      sample: 'fonts.googleapis.com',
    });
    expect(
      ids(auditHtml('<h1>Accounting software for shops</h1>', 'https://fixture.example/', '<link rel="stylesheet" href="/site.css">')),
    ).not.toContain('perf-render-blocking-css');
  });

  test('a required phone field and a form without a privacy link are reported', () => {
    const form = (phone: string, privacy = '') =>
      auditHtml(
        `<h1>Talk to our team</h1><form><label for="e">Email</label><input id="e" type="email" name="email" autocomplete="email"><label for="p">Phone</label><input id="p" type="tel" name="phone" autocomplete="tel" ${phone}><button>Request a call</button>${privacy}</form>`,
        'https://fixture.example/contact',
      );
    expect(ids(form('required'))).toEqual(expect.arrayContaining(['form-required-phone', 'form-no-privacy-link']));
    expect(ids(form('', '<a href="/privacy">Privacy policy</a>'))).not.toEqual(expect.arrayContaining(['form-required-phone']));
    expect(ids(form('', '<a href="/privacy">Privacy policy</a>'))).not.toContain('form-no-privacy-link');
  });
});
