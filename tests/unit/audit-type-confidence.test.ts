import { beforeAll, describe, expect, test } from 'vitest';
import { auditPage, decideSiteType, siteDecisionOfPages, type AuditResult } from '../../src/lib/audit';
import { CONFIDENT_SITE_TYPE } from '../../src/lib/audit/type-confidence';
import { parseWithGo } from '../helpers/audit-pages';

// A shop's product page that lacks payment methods, shipping terms, ratings, a guarantee and chat,
// and shows its price without a compare-at price.
const PRODUCT = `<!doctype html><html lang="en"><head><title>Walnut desk lamp – Lumen Works</title>
<meta name="description" content="A walnut desk lamp with a linen shade."></head><body>
<nav><a href="/">Home</a> <a href="/lamps">Lamps</a> <a href="/about">About</a></nav>
<main><h1>Walnut desk lamp</h1><p class="price">$129.00</p>
<p>Turned from solid walnut, with a linen shade and a warm dimmable bulb for reading.</p>
<button type="submit">Add to cart</button></main>
<footer><a href="/privacy">Privacy</a></footer></body></html>`;
const URL_ = 'https://lumen.example/products/walnut-desk-lamp';
const page = () => parseWithGo(PRODUCT, URL_);
const ids = (r: AuditResult): string[] => r.findings.map((f) => f.id);
const ABSENCES = [
  'checkout-no-payment-options',
  'checkout-no-shipping-returns',
  'social-no-ratings',
  'trust-no-guarantee',
  'retention-no-chat',
];

describe('type-scoped absences need a confidently decided site type', () => {
  beforeAll(() => void parseWithGo('', 'https://x.example/'), 120_000);

  test('a shop page the type is sure of is told what a shop page lacks', () => {
    const r = auditPage(page(), { siteType: 'ecommerce', siteTypeConfidence: 0.9 });
    expect(r.pageType).toBe('product');
    expect(ids(r)).toEqual(expect.arrayContaining([...ABSENCES, 'pricing-no-anchor']));
  });

  test('on an unsure type the absences go unreported, what is on the page is still judged', () => {
    const r = auditPage(page(), { siteType: 'ecommerce', siteTypeConfidence: CONFIDENT_SITE_TYPE - 0.05 });
    for (const id of ABSENCES) expect(ids(r)).not.toContain(id);
    // It points at the prices shown: a finding about what is there, not about the type's needs.
    const anchor = r.findings.find((f) => f.id === 'pricing-no-anchor');
    expect(anchor?.evidence.sample).toContain('$129.00');
    // Checks without a site type are not affected.
    expect(ids(r)).toContain('trust-no-contact');
    expect(r.siteTypeConfidence).toBe(CONFIDENT_SITE_TYPE - 0.05);
  });

  test('a type given without a confidence (a site decided from its pages) counts as decided', () => {
    expect(ids(auditPage(page(), { siteType: 'ecommerce' }))).toEqual(expect.arrayContaining(ABSENCES));
  });

  test('the public scan uses the model’s own confidence in the type it decided', () => {
    const r = auditPage(page());
    expect(r.siteTypeConfidence).toBe(decideSiteType(r.siteTypeEvidence).confidence);
    const absent = ABSENCES.filter((id) => ids(r).includes(id));
    if (r.siteType === 'ecommerce' && r.siteTypeConfidence >= CONFIDENT_SITE_TYPE) expect(absent).toEqual(ABSENCES);
    else expect(absent).toEqual([]);
  });

  test('the signed-in scan passes the confidence of the type it decided from the site’s pages', () => {
    const home = auditPage(page());
    const about = auditPage(
      parseWithGo('<html><body><h1>About us</h1><p>We make lamps in Leeds.</p></body></html>', 'https://lumen.example/about'),
    );
    const pooled = siteDecisionOfPages([home, about]);
    const d = decideSiteType([home.siteTypeEvidence, about.siteTypeEvidence]);
    expect(pooled).toEqual({ siteType: d.siteType, confidence: d.confidence });
    // Results stored before pages kept their evidence: the home page's type and confidence stand.
    const stored = { siteType: home.siteType, siteTypeConfidence: 0.55 };
    expect(siteDecisionOfPages([stored, about])).toEqual({ siteType: home.siteType, confidence: 0.55 });
    expect(siteDecisionOfPages([{ siteType: 'local' as const }])).toEqual({ siteType: 'local', confidence: 1 });
  });
});
