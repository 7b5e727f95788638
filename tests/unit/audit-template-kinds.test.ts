/**
 * The scan on template families first met in the twelfth corpus round (issue 38): a page named by
 * its template's kind, a checkout or cart kept in a template's own file, a product's buy box that
 * says only "Add", and a product's reviews tab. Each case comes with the real page that must still
 * be read as before.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { auditPage, type AuditResult } from '../../src/lib/audit';
import { parseWithGo } from '../helpers/audit-pages';

const audit = (body: string, head: string, path = '/'): AuditResult =>
  auditPage(
    parseWithGo(`<!doctype html><html lang="en"><head>${head}</head><body>${body}</body></html>`, `https://fixture.example${path}`),
  );
const titled = (title: string, description = 'Outdoor clothing made to last for decades.'): AuditResult =>
  audit('<h1>Outdoor clothing</h1>', `<title>${title}</title><meta name="description" content="${description}">`);
const finding = (r: AuditResult, id: string) => r.findings.find((f) => f.id === id);
const ids = (r: AuditResult): string[] => r.findings.map((f) => f.id);

describe('pages of template families first met in the twelfth round', () => {
  beforeAll(() => void parseWithGo('', 'https://fixture.example/'), 120_000);

  test("a title that names the page by its template's kind is a default title, quoted as found", () => {
    expect(finding(titled('Food Delivery Landing Page'), 'copy-default-title')?.evidence).toEqual({
      element: '<title>',
      sample: 'Food Delivery Landing Page',
    });
    expect(finding(titled('Landing • Forty'), 'copy-default-title')?.evidence.sample).toBe('Landing • Forty');
    expect(finding(titled('Agency Starter Classic'), 'copy-default-title')?.evidence.sample).toBe('Agency Starter Classic');
    // A title that speaks to the reader, a place called a landing and a sourdough starter are real titles.
    for (const title of [
      'Create your landing page in minutes | Pagewise',
      'Ferry Landing | Seafood on the harbour',
      'How to Start a Sourdough Starter From Scratch - The Crumb Journal',
    ])
      expect(ids(titled(title)), title).not.toContain('copy-default-title');
  });

  test('a description that opens by calling the page a template is a default; one that describes a product is not', () => {
    const frontEnd = titled('Material Blog', 'A front-end template that helps you build fast, modern mobile web apps.');
    expect(finding(frontEnd, 'copy-default-title')?.evidence).toEqual({
      element: '<meta name="description">',
      sample: 'A front-end template that helps you build fast, modern mobile web apps.',
    });
    for (const d of [
      'A classic corporate landing page: hero, trust, features, benefits, testimonial, CTA, and contact.',
      'A timeless, professional agency starter with hero, services, work, process, pricing, FAQs, team, and contact.',
    ])
      expect(finding(titled('Northwind Outfitters', d), 'copy-default-title')?.evidence.element, d).toBe('<meta name="description">');
    for (const d of [
      'A day-by-day guide to making a sourdough starter with just flour and water.',
      'A theme park for families on the Ohio river.',
      'A landing page builder for small teams.',
      'A family-run template maker? No: a print shop for wedding invitations.',
    ])
      expect(ids(titled('Northwind Outfitters', d)), d).not.toContain('copy-default-title');
  });

  test("a checkout or cart in a template's own file is a checkout; a page about checkouts is not", () => {
    const form = '<h1>Checkout</h1><form><label for="e">Email</label><input id="e" type="email"><button>Submit</button></form>';
    for (const path of ['/checkout.html', '/cart.php', '/shop/cart.htm', '/checkout', '/cart/'])
      expect(audit(form, '<title>Store</title>', path).pageType, path).toBe('checkout');
    for (const path of ['/checkout-faq.html', '/blog/cart-abandonment.html'])
      expect(audit(form, '<title>Store</title>', path).pageType, path).not.toBe('checkout');
  });

  test('one quantity field with its button is a product page, related products beside it or not; quantities per card are a listing', () => {
    const related = ['A', 'B', 'C', 'D']
      .map((p) => `<div class="thumbnail"><h3>Product ${p}</h3><p><a class="btn" href="checkout.html">Add To Cart</a></p></div>`)
      .join('');
    const buyBox =
      '<h1>Linen shirt</h1><p>$49.00</p><form><label>Quantity</label><input type="text" placeholder="Quantity" value="1"><button type="submit">Add</button></form>';
    expect(audit(`${buyBox}${related}`, '<title>Store</title>', '/view.html').pageType).toBe('product');
    // A listing with a quantity in each card, or a quick-view dialog, is still a listing.
    const perCard = ['Cap', 'Scarf', 'Tote', 'Belt']
      .map((p) => `<form class="card"><h3>${p}</h3><input name="qty" value="1"><button>Add to cart</button></form>`)
      .join('');
    expect(audit(`<h1>Accessories</h1>${perCard}`, '<title>Store</title>', '/list.html').pageType).toBe('category');
    const quickView = `<div class="modal"><form><input name="quantity" value="1"><button>Add</button></form></div>`;
    expect(audit(`<h1>Accessories</h1>${related}${quickView}`, '<title>Store</title>', '/list.html').pageType).toBe('category');
    // A quote request that asks how many is a lead form, not a product's buy box.
    const quote =
      '<h1>Custom printed boxes</h1><form><label>Quantity</label><input name="qty"><label>Email</label><input type="email" name="email"><button>Get a quote</button></form>';
    expect(audit(quote, '<title>Boxworks</title>', '/quote.html').pageType).not.toBe('product');
  });

  test("a product's reviews tab holds testimonials; a section called reviews that only points elsewhere does not", () => {
    const b2b = '<h1>Invoice automation for finance teams</h1><a class="btn" href="/demo">Book a demo</a><a href="/pricing">Pricing</a>';
    const review =
      '<div class="media"><h4>Jason C.</h4><p>The invoices have matched our purchase orders for three years now and month-end closes two days earlier.</p></div>';
    expect(ids(audit(`${b2b}<div class="tab-pane" id="reviews">${review}</div>`, '<title>Ledgerline invoices</title>'))).not.toContain(
      'social-no-testimonials',
    );
    const pointer = '<section class="reviews"><h2>Kind words</h2><p>Our clients love us! Read our reviews on Google.</p></section>';
    expect(ids(audit(`${b2b}${pointer.replace('Kind words', 'Results')}`, '<title>Ledgerline invoices</title>'))).toContain(
      'social-no-testimonials',
    );
  });

  test("a repository's archive on GitHub is a download, not a social profile; the GitHub profile still is", () => {
    const body = '<h1>Fresh food delivered in 30 minutes</h1><p>Order from the best kitchens in town.</p>';
    const zip = '<a class="btn" href="https://github.com/acme/food-template/archive/master.zip">Download Template</a>';
    const zipball = '<a href="https://github.com/acme/food-template/zipball/master">Get the code</a>';
    for (const link of [zip, zipball])
      expect(finding(audit(`${body}${link}`, '<title>Acme Food</title>'), 'retention-no-social-links')?.evidence, link).toEqual({
        missing: 'social profile links',
      });
    expect(ids(audit(`${body}${zip}<a href="https://github.com/acme">GitHub</a>`, '<title>Acme Food</title>'))).not.toContain(
      'retention-no-social-links',
    );
  });

  test("the index of the folder a template ships its pages in is the home page; a section's index is not", () => {
    const body = '<h1>Empowering communities across India</h1><p>Join us in making a difference.</p>';
    expect(audit(body, '<title>Hope</title>', '/pages/index.html').pageType).toBe('home');
    expect(audit(body, '<title>Hope</title>', '/dist/index.html').pageType).toBe('home');
    expect(audit(body, '<title>Hope</title>', '/campaigns/index.html').pageType).not.toBe('home');
    expect(audit(body, '<title>Hope</title>', '/blog/index.html').pageType).not.toBe('home');
  });
});
