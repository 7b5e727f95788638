/**
 * What a template leaves behind, read by its shape rather than by one family's words (issue 38):
 * generator filler, headings that name their role, alt text made of words for the medium, titles
 * that credit a kit's maker; placeholder links, proof and contact as pages draw them.
 * Each case comes with the real copy beside it that must not be reported.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { auditPage, type AuditResult } from '../../src/lib/audit';
import { parseWithGo } from '../helpers/audit-pages';
import { quotedAsFound } from '../helpers/scan-corpus';

const page = (body: string, title = 'Northwind Outfitters', description = 'Outdoor clothing made to last for decades.'): AuditResult =>
  auditPage(
    parseWithGo(
      `<!doctype html><html lang="en"><head><title>${title}</title><meta name="description" content="${description}"></head><body>${body}</body></html>`,
      'https://fixture.example/',
    ),
  );
const ids = (r: AuditResult): string[] => r.findings.map((f) => f.id);
const finding = (r: AuditResult, id: string) => r.findings.find((f) => f.id === id);

describe('template leftovers', () => {
  beforeAll(() => void parseWithGo('', 'https://fixture.example/'), 120_000);

  test("a template's stand-in name in the title and a description that tells its author what to write are defaults", () => {
    for (const title of ['Jane Doe — Resume', '[your name]', 'Max Mustermann | Portfolio'])
      expect(finding(page('<h1>Hello</h1>', title), 'copy-default-title')?.evidence.sample, title).toBe(title);
    const told = page('<h1>Hello</h1>', 'Ada Lovelace | Engineer', 'Add small description of yourself.');
    expect(finding(told, 'copy-default-title')?.evidence).toEqual({
      element: '<meta name="description">',
      sample: 'Add small description of yourself.',
    });
    // A real person called Doe, and a description that describes, are real.
    expect(ids(page('<h1>Hello</h1>', 'Jane Doering | Portfolio', 'Add colour to your home: paint, description-free.'))).not.toContain(
      'copy-default-title',
    );
  });

  test('a blank in square brackets is filler; a citation, a tag, an index in a code name and a hidden address are not', () => {
    for (const [text, blank] of [
      ['<p>Registered under resolution [NÚMERO DE RESOLUCIÓN] since 2001.</p>', '[NÚMERO DE RESOLUCIÓN]'],
      ['<p>Hi, I am [your name], a designer.</p>', '[your name]'],
      ['<footer>© [Nazwa Salonu]. All rights reserved.</footer>', '[Nazwa Salonu]'],
    ])
      expect(finding(page(`<h1>Hello</h1>${text}`), 'copy-filler-text')?.evidence.sample, text).toContain(blank);
    for (const text of [
      '<p>Founded in 1910 [1], the bakery moved in 1952 [2].</p>',
      '<p>[VIDEO] Our new oven, in action.</p>',
      '<p>The router fires "route:[name]" and reads router[name] when it matches.</p>',
      '<p>Write to us: [email protected]</p>',
    ])
      expect(ids(page(`<h1>Hello</h1>${text}`)), text).not.toContain('copy-filler-text');
  });

  test('generator Latin is filler wherever the passage starts; Latin in a motto or a code sample is not', () => {
    const r = page('<h1>Fresh fruit</h1><p>Pellentesque in ipsum id orci porta dapibus. Proin eget tortor risus.</p>');
    expect(finding(r, 'copy-filler-text')?.evidence.sample).toContain('Pellentesque in ipsum id orci');
    expect(ids(page('<h1>Our bakery</h1><p>Ora et labora: in nomine patris since 1910. Non ducor, duco.</p>'))).not.toContain(
      'copy-filler-text',
    );
    expect(ids(page('<h1>Styles</h1><pre>mauris.vestibulum(ante, ipsum, primis, in, faucibus, orci)</pre>'))).not.toContain(
      'copy-filler-text',
    );
  });

  test('the English passage of filler generators is filler', () => {
    const r = page('<h1>Catering</h1><p>Far far away, behind the word mountains, far from the countries Vokalia and Consonantia.</p>');
    expect(finding(r, 'copy-filler-text')?.evidence.sample).toContain('behind the word mountains');
    expect(ids(page('<h1>Catering</h1><p>Far away in the mountains, we cook for weddings of up to 200 guests.</p>'))).not.toContain(
      'copy-filler-text',
    );
  });

  test('a heading that names its own role is filler; a heading about something is not', () => {
    expect(finding(page('<h1>Northwind</h1><h2>Section Heading</h2><p>Card content</p>'), 'copy-filler-text')?.evidence).toMatchObject({
      element: '<h2>',
      sample: 'Section Heading',
    });
    expect(ids(page('<h1>Northwind</h1><h2>Title insurance for home buyers</h2>'))).not.toContain('copy-filler-text');
  });

  test('alt text made only of words for the medium, or a code identifier, describes nothing; a subject makes it a description', () => {
    for (const alt of ['Thumbnail Image', 'Stock photo', 'bio section cover pic', 'Unsplashed background img 1', 'logoImg']) {
      const r = page(`<h1>Gallery</h1><img src="a.jpg" alt="${alt}">`);
      expect(finding(r, 'copy-placeholder-alt')?.evidence.element, alt).toBe(`<img alt="${alt}">`);
    }
    for (const alt of ['Example kitten', 'Client photo', 'iPhone 15 in blue', 'Logo', '']) {
      expect(ids(page(`<h1>Gallery</h1><img src="a.jpg" alt="${alt}">`)), alt).not.toContain('copy-placeholder-alt');
    }
  });

  test("a title or description that credits a kit's maker or calls the site a template is a default; a brand's maker is not", () => {
    expect(ids(page('<h1>Hello</h1>', 'Now UI Kit by Creative Tim'))).toContain('copy-default-title');
    const agents = page('<h1>Agents</h1>', 'Buildify', 'Buildify is a modern AI agents template by PrebuiltUI.');
    expect(finding(agents, 'copy-default-title')?.evidence.element).toBe('<meta name="description">');
    expect(ids(page('<h1>Salon</h1>', 'Hair Salon Ola', 'HairSalon – uniwersalny szablon strony salonu.'))).toContain('copy-default-title');
    expect(ids(page('<h1>Invoices</h1>', 'Ledgerline by Northwind', 'Ledgerline is an invoicing tool for small firms.'))).not.toContain(
      'copy-default-title',
    );
    expect(ids(page('<h1>Rides</h1>', 'Funland Park', 'Funland is a family theme park on the Ohio river.'))).not.toContain(
      'copy-default-title',
    );
  });

  test('a download hosted on GitHub is a call to action; a link to the GitHub profile is not', () => {
    const docs = '<h1>VisualSearch.js</h1><p>Faceted search for your app.</p>';
    expect(ids(page(`${docs}<a href="https://github.com/acme/vs/zipball/master">Download everything</a>`))).not.toContain('cta-missing');
    expect(ids(page(`${docs}<a href="https://github.com/acme">Acme on GitHub</a>`))).toContain('cta-missing');
  });
});

describe('placeholder links that go nowhere, and links that operate the page', () => {
  beforeAll(() => void parseWithGo('', 'https://fixture.example/'), 120_000);
  const b2b = '<h1>Invoice automation for finance teams</h1><a class="btn" href="/demo">Book a demo</a><a href="/pricing">Pricing</a>';

  test("a '#' link bound by its class to a menu, a search box or a dialog is no dead link; a '#' 'Read more' is one", () => {
    for (const control of [
      '<a href="#" class="menu-toggle"><i class="fa fa-bars"></i></a>',
      '<a href="#" class="search-trigger"><i class="icon-search"></i></a>',
      '<a href="#" class="js-show-modal">Quick view</a>',
      '<a href="#" class="close">×</a>',
    ])
      expect(ids(page(`${b2b}<header>${control}</header>`)), control).not.toContain('cta-dead-links');
    const dead = page(`${b2b}<a href="#" class="menu-item">About</a><a href="#">Read more</a>`);
    expect(finding(dead, 'cta-dead-links')?.evidence).toMatchObject({ sample: 'About', count: 2 });
  });
});

describe('proof and contact as pages draw them', () => {
  beforeAll(() => void parseWithGo('', 'https://fixture.example/'), 120_000);
  const shop =
    '<header><a href="/">Acme</a><a href="/cart">Cart</a></header><h1>Trail shoes</h1>' +
    '<div class="product"><h3>Runner</h3><p>$89.00</p><button>Add to cart</button></div>' +
    '<div class="product"><h3>Hiker</h3><p>$99.00</p><button>Add to cart</button></div>';

  test("a score in an element's name, an image's alt text or a widget's attribute is a rating; a slide counter is not", () => {
    for (const rating of [
      '<div class="r" aria-label="Rated 4.5 out of 5"><svg></svg></div>',
      '<img src="/i/s.png" alt="4 stars">',
      '<div class="stars" data-rating="4"></div>',
    ])
      expect(ids(page(shop + rating)), rating).not.toContain('social-no-ratings');
    expect(ids(page(`${shop}<button aria-label="Slide 1 of 5"></button>`))).toContain('social-no-ratings');
  });

  test('a row of logos named by the companies counts when its heading or the line before says whose they are', () => {
    const b2b = '<h1>Invoice automation for finance teams</h1><a class="btn" href="/demo">Book a demo</a><a href="/pricing">Pricing</a>';
    const imgs = '<img src="/c/a.png" alt="Acme"><img src="/c/b.png" alt="Globex"><img src="/c/c.png" alt="Initech">';
    expect(ids(page(`${b2b}<section><h2>As seen in</h2>${imgs}</section>`))).not.toContain('social-no-logos');
    expect(ids(page(`${b2b}<section><p>Used by 4,000 finance teams</p><div>${imgs}</div></section>`))).not.toContain('social-no-logos');
    expect(ids(page(`${b2b}<section><h2>Screens</h2>${imgs}</section>`))).toContain('social-no-logos');
  });

  test('a quote under a "Testimony" heading, or after a drawn quotation mark and signed, is a testimonial; prose about the shop is not', () => {
    const quote = 'They fixed our roof in two days and left the garden cleaner than they found it. Highly recommended.';
    expect(ids(page(`${shop}<section><h2>Happy Customer</h2><p>${quote}</p><h4>Jason McClean</h4></section>`))).not.toContain(
      'social-no-testimonials',
    );
    expect(
      ids(page(`${shop}<div class="item"><i class="fa fa-quote-left"></i><p>${quote}</p><h5>Ana Perez</h5><small>Manager</small></div>`)),
    ).not.toContain('social-no-testimonials');
    expect(ids(page(`${shop}<section><h2>About us</h2><p>${quote}</p><h5>Since 1998</h5></section>`))).toContain('social-no-testimonials');
  });

  test('privacy, about and contact links in more of the words sites use; a legal notice or a locations list is none of them', () => {
    for (const privacy of ['<a href="/gdpr">GDPR</a>', '<a href="/polityka">Polityka prywatności</a>'])
      expect(ids(page(`${shop}<footer>${privacy}</footer>`)), privacy).not.toContain('trust-no-privacy');
    expect(ids(page(`${shop}<footer><a href="/legal-notice">Legal</a></footer>`))).toContain('trust-no-privacy');
    expect(ids(page(`${shop}<footer><a href="/impressum">Impressum</a></footer>`))).not.toContain('trust-no-about');
    expect(ids(page(`${shop}<footer><a href="/find-us">Find us</a></footer>`))).not.toContain('trust-no-contact');
    expect(ids(page(`${shop}<footer><h4>Visit us</h4><address>12 Main St, Springfield</address></footer>`))).not.toContain(
      'trust-no-contact',
    );
    expect(ids(page(`${shop}<nav><a href="#locations">Locations</a></nav>`))).toContain('trust-no-contact');
  });

  test("a chat app's link to a person is a way to reach the business; a link to the app's home page is not", () => {
    expect(ids(page(`${shop}<a href="https://wa.me/15551234567">Message us</a>`))).not.toContain('trust-no-contact');
    expect(ids(page(`${shop}<a href="https://www.whatsapp.com/">WhatsApp</a>`))).toContain('trust-no-contact');
  });
});

describe('the corpus scoring reads ids as they are written', () => {
  test('an id written with spaces around "=" is on the page; an id that is not, is not', () => {
    const f = { id: 'x', evidence: { selector: 'form#contact-form' } } as never;
    expect(quotedAsFound(f, '', '<form class = "c" id = "contact-form">')).toBe(true);
    expect(quotedAsFound(f, '', "<form id='contact-form'>")).toBe(true);
    expect(quotedAsFound(f, '', '<form id="contact-form-2">')).toBe(false);
  });
});
