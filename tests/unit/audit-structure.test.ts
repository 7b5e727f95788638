/**
 * The scan on pages as real templates build them (issue 38): things drawn rather than written,
 * placeholder links, social icons, and a site type that may be "General website".
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { auditPage, computeSignals, siteTypeEvidence, type AuditResult, type SiteTypeEvidence } from '../../src/lib/audit';
import { featuresOf, SCORED_TYPES, scoresOf, SITE_TYPE_MODEL, type Scored } from '../../src/lib/audit/site-type-model';
import type { SiteType } from '../../src/lib/site-type';
import { parseWithGo } from '../helpers/audit-pages';

/** The audit of a page; `siteType` passes the site's type, for a test of a check rather than of typing. */
const page = (body: string, title = 'Northwind Outfitters', url = 'https://fixture.example/', siteType?: SiteType): AuditResult =>
  auditPage(
    parseWithGo(
      `<!doctype html><html lang="en"><head><title>${title}</title><meta name="description" content="Outdoor clothing made to last for decades."></head><body>${body}</body></html>`,
      url,
    ),
    { siteType },
  );
const ids = (r: AuditResult): string[] => r.findings.map((f) => f.id);
/**
 * The scored type the page's signs lead to (the model's highest score but 'general'). The model
 * asks for more evidence than these few-sign pages show before it types a page at all (a real
 * page's words add the word model's sign, which these short pages are too short for; the signs
 * designed by hand start at a weight of 1): what a sign must do is lead its type.
 */
const scoresAt = (body: string, title = 'Northwind Outfitters', url = 'https://fixture.example/'): Record<SiteType, number> => {
  const parsed = parseWithGo(
    `<!doctype html><html lang="en"><head><title>${title}</title><meta name="description" content="Outdoor clothing made to last for decades."></head><body>${body}</body></html>`,
    url,
  );
  return scoresOf(SITE_TYPE_MODEL, featuresOf(siteTypeEvidence(parsed.url, parsed, computeSignals(parsed))));
};
const leads = (body: string, title?: string, url?: string): Scored => {
  const scores = scoresAt(body, title, url);
  return SCORED_TYPES.reduce((a, b) => (scores[b] > scores[a] ? b : a));
};
const URL_ = 'https://fixture.example/';
// A B2B page: a sales call to action and a pricing link.
const B2B = '<h1>Invoice automation for finance teams</h1><a class="btn" href="/demo">Book a demo</a><a href="/pricing">Pricing</a>';

describe('the scan reads what templates draw', () => {
  beforeAll(() => void parseWithGo('', 'https://fixture.example/'), 120_000);

  test('a personal portfolio is a General website and gets no B2B advice', () => {
    const r = page(
      `<h1>Hi! I'm Clara, a UX designer</h1><h2>Portfolio</h2><a href="/work/1">Project one</a><h2>Contact me</h2>
       <form><label>Email <input type="email" name="email"></label><button>Send</button></form>`,
      'Clara Ito',
    );
    expect(r.siteType).toBe('general');
    expect(r.siteTypeLabel).toBe('General website');
    expect(ids(r)).not.toEqual(expect.arrayContaining(['social-no-testimonials']));
    for (const id of ['social-no-logos', 'pricing-hidden', 'form-no-lead-capture', 'pricing-no-free-entry'])
      expect(ids(r)).not.toContain(id);
  });

  test('a placeholder link in the footer is a dead link, not a missing page', () => {
    const r = page(
      `${B2B}<footer><a href="#">Privacy Policy</a> <a href="javascript:void(0)">About us</a> <a href="#!">Contact</a></footer>`,
    );
    expect(ids(r)).not.toContain('trust-no-privacy');
    expect(ids(r)).not.toContain('trust-no-about');
    expect(ids(r)).not.toContain('trust-no-contact');
    expect(r.findings.find((f) => f.id === 'cta-dead-links')?.evidence).toMatchObject({
      element: '<a href="#">',
      sample: 'Privacy Policy',
      count: 3,
    });
  });

  test('icon-only social links are social links, dead when they go nowhere, and never calls to action', () => {
    const social = ['twitter', 'facebook-f', 'linkedin-in']
      .map((n) => `<a class="btn btn-social" href="#!" aria-label="Ana Ruiz ${n.split('-')[0]} profile"><i class="fab fa-${n}"></i></a>`)
      .join('');
    const r = page(`${B2B}<section>${social}</section><footer><a href="#!"><i class="bi bi-instagram"></i></a></footer>`);
    expect(ids(r)).not.toContain('retention-no-social-links');
    expect(ids(r)).toContain('cta-dead-links');
    expect(ids(r)).not.toContain('cta-too-many');
    expect(ids(page(B2B))).toContain('retention-no-social-links');
  });

  test('unnamed icons under a "Social" heading are social links', () => {
    const icon = '<a href="#" class="mx-2"><svg viewBox="0 0 24 24"><path d="M0 0h24v24H0z"></path></svg></a>';
    const footer = (heading: string): string => `<footer><h3>${heading}</h3><div>${icon.repeat(3)}</div></footer>`;
    expect(ids(page(`${B2B}${footer('Social')}`))).not.toContain('retention-no-social-links');
    expect(ids(page(`${B2B}${footer('Follow us')}`))).not.toContain('retention-no-social-links');
    expect(ids(page(`${B2B}${footer('Downloads')}`))).toContain('retention-no-social-links');
  });

  test('post.html and blog-single.html are articles', () => {
    for (const path of ['post.html', 'blog-single.html', 'single-post.html'])
      expect(page('<h1>Welcome to Ghostwind</h1><p>Our first post.</p>', 'Ghostwind', `https://fixture.example/${path}`).pageType).toBe(
        'article',
      );
    expect(page('<h1>Welcome to Ghostwind</h1>', 'Ghostwind', 'https://fixture.example/blog.html').pageType).not.toBe('article');
  });

  test('a section headed "What our clients say" holds testimonials without review markup', () => {
    const quotes =
      '<div class="slide"><h6>Adam Rose</h6><p>They rebuilt our billing in three weeks and our support tickets about invoices dropped by half.</p></div>';
    expect(ids(page(`${B2B}<section><h2>What our clients say</h2>${quotes}</section>`))).not.toContain('social-no-testimonials');
    expect(ids(page(`${B2B}<section><h2>Features</h2>${quotes}</section>`))).toContain('social-no-testimonials');
  });

  test('a quoted sentence signed with a name and a role is a testimonial', () => {
    const quote =
      '<div class="fs-4 fst-italic">"Working with this team has saved me weeks of work on every project we start together!"</div>';
    const signed = `${B2B}<div>${quote}<div><img src="a.png" alt="Tom"><div class="fw-bold">Tom Ato / CEO, Pomodoro</div></div></div>`;
    expect(ids(page(signed))).not.toContain('social-no-testimonials');
    expect(ids(page(`${B2B}<div>${quote}</div>`))).toContain('social-no-testimonials');
  });

  test('a logo image inside an <h1> is a second headline', () => {
    const logo = '<header><h1><a href="/"><img src="images/logo.png" alt=""></a></h1></header>';
    const r = page(`${logo}<main><h1>Games for every console</h1></main>`);
    expect(ids(r)).toContain('copy-multiple-h1');
    expect(r.findings.find((f) => f.id === 'copy-multiple-h1')?.evidence.sample).toBe('logo.png / Games for every console');
    expect(ids(page(`${logo}<main><h2>Games for every console</h2></main>`))).not.toContain('copy-multiple-h1');
  });

  test('stars drawn with an icon font are a rating', () => {
    const shop = (stars: string) =>
      page(
        `<h1>Merino crew</h1><p>$89.00</p><button>Add to cart</button><a href="/cart">Cart</a><div class="stars">${stars}</div>`,
        'Merino crew',
        'https://fixture.example/products/merino-crew',
        'ecommerce', // this tests the ratings, not the typing
      );
    expect(ids(shop('<i class="fa fa-star"></i>'.repeat(4) + '<i class="fa fa-star-o"></i>'))).not.toContain('social-no-ratings');
    expect(ids(shop(''))).toContain('social-no-ratings');
  });

  test("a starter template's own title is reported as a default title", () => {
    expect(ids(page(B2B, 'Agency - Start Bootstrap Theme'))).toContain('copy-default-title');
    expect(ids(page(B2B, 'Medic | Medical HTML Template'))).toContain('copy-default-title');
    expect(ids(page(B2B, 'Ledgerline | Invoice automation'))).not.toContain('copy-default-title');
    // A short part that calls itself a template, whatever kind of template it names.
    expect(ids(page(B2B, 'Box - Personal Portfolio Template'))).toContain('copy-default-title');
    expect(ids(page(B2B, 'Ledgerline | Templates for invoices and quotes'))).not.toContain('copy-default-title');
  });

  test("a template's numbered demo variant, or a title naming only the kind of page, is a default title", () => {
    expect(ids(page(B2B, 'Homepage-01 | Ledgerline'))).toContain('copy-default-title');
    expect(ids(page(B2B, 'Shop 2 - Ledgerline'))).toContain('copy-default-title');
    expect(ids(page(B2B, 'Personal Portfolio'))).toContain('copy-default-title');
    expect(ids(page(B2B, 'Personal Portfolio - Project Showcase'))).toContain('copy-default-title');
    // A part that names the site or business, or a number that is part of a name, is a real title.
    expect(ids(page(B2B, 'Portfolio | Ada Lovelace'))).not.toContain('copy-default-title');
    expect(ids(page(B2B, 'Contact us - Ledgerline'))).not.toContain('copy-default-title');
    expect(ids(page(B2B, 'Studio 54 | Ledgerline'))).not.toContain('copy-default-title');
    // A page named like its menu entry lacks the brand but is no template's title.
    expect(ids(page(B2B, 'Contact Us'))).not.toContain('copy-default-title');
  });

  test("a template maker's credit in the title is a default title", () => {
    expect(ids(page(B2B, 'Spectral by HTML5 UP'))).toContain('copy-default-title');
    expect(ids(page(B2B, 'Ledgerline by Northwind'))).not.toContain('copy-default-title');
  });

  test('contactUs.html and contact_me.html are contact pages', () => {
    for (const path of ['contactUs.html', 'contact_me.html', 'contacto.html'])
      expect(page('<h1>Pretty Patties</h1><p>Write to us.</p>', 'Pretty Patties', `https://fixture.example/${path}`).pageType).toBe(
        'contact',
      );
  });

  test('a contact link in another language is a contact link', () => {
    expect(ids(page(`${B2B}<nav><a href="contacto.html">Contacto</a></nav>`))).not.toContain('trust-no-contact');
    expect(ids(page(`${B2B}<nav><a href="blog.html">Blog</a></nav>`))).toContain('trust-no-contact');
  });

  test("'free' in a template's own title is not a free offer that makes pricing unnecessary", () => {
    const agency =
      '<h1>Your favourite place for Free Bootstrap Themes</h1><h2>Branding</h2><h2>Consulting</h2><a class="btn" href="/contact">Start a project</a>';
    // A check of B2B pages: the type is given, not decided (the typing is tested below).
    expect(ids(page(agency, 'Creative Agency', URL_, 'b2b'))).toContain('pricing-hidden');
    expect(ids(page(agency.replace('Free Bootstrap Themes', 'free brand audits'), 'Creative Agency', URL_, 'b2b'))).not.toContain(
      'pricing-hidden',
    );
  });
});

describe('site type from what kind of place the page describes', () => {
  beforeAll(() => void parseWithGo('', 'https://fixture.example/'), 120_000);
  /** The page's site-type signs, as 'type:sign'. */
  const signsOf = (body: string, title = 'Northwind', url = 'https://fixture.example/'): string[] => {
    const parsed = parseWithGo(`<!doctype html><html lang="en"><head><title>${title}</title></head><body>${body}</body></html>`, url);
    return Object.entries(siteTypeEvidence(parsed.url, parsed, computeSignals(parsed))).flatMap(([t, list]) =>
      list.map(([n]) => `${t}:${n}`),
    );
  };
  const FOOTER = '<footer><address>1116 Orchard Street, Golden Valley</address><a href="tel:+13175858468">(317) 585-8468</a></footer>';

  test('an address and a phone number alone make no local business', () => {
    const r = page(`<h1>Ideas that travel</h1><p>We write about design and the people behind it.</p>${FOOTER}`, 'Northwind Notes');
    expect(r.siteType).toBe('general');
  });

  test("a number to tap in the page's body is a business that takes calls; the footer's number is contact details", () => {
    // The shop's address is not enough alone: the number to tap decides (its name, 'Cuts', names no
    // trade: 'Barbers' would, and make it a local business by itself).
    const body = (where: string): string =>
      `<h1>Fresh cuts, friendly prices</h1><p>Walk in or book by phone.</p>${where}<footer><address>1116 Orchard Street</address><p>© Northwind</p></footer>`;
    const link = '<a href="tel:+13175550123">(317) 555-0123</a>';
    const call = `<p>Call ${link}</p><a href="tel:+13175550123" class="btn btn-primary">Call now</a>`;
    expect(page(body(call), 'Northwind Cuts').siteType).toBe('local');
    // The same number in the footer, or written without a link, is what every kind of site shows.
    expect(page(body('').replace('<p>© Northwind</p>', `<p>© Northwind ${link}</p>`), 'Northwind Cuts').siteType).toBe('general');
    expect(page(body('<p>Call (317) 555-0123</p>'), 'Northwind Cuts').siteType).toBe('general');
    // A map beside the street address shows a place to visit: how much it decides alone is the fit's
    // to say (a General website once; local at about 0.75 since round eighteen brought more local
    // businesses with maps); the number to tap makes it a local business, and surer.
    const map = '<iframe src="https://www.google.com/maps/embed?pb=1"></iframe>';
    const mapOnly = page(body(map), 'Northwind Cuts');
    const withCall = page(body(map + call), 'Northwind Cuts');
    expect(['general', 'local']).toContain(mapOnly.siteType);
    expect(withCall.siteTypeConfidence).toBeGreaterThan(mapOnly.siteType === 'local' ? mapOnly.siteTypeConfidence : 0.6);
    expect(withCall.siteType).toBe('local');
    expect(withCall.siteTypeConfidence).toBeGreaterThan(0.6);
  });

  test('a weekly timetable of opening hours is a local business', () => {
    const hours = ['Sunday Closed', 'Monday 7:00 AM to 8:00 PM', 'Tuesday 7:00 AM to 8:00 PM', 'Saturday 9:00 AM to 5:00 PM']
      .map((d) => `<li>${d}</li>`)
      .join('');
    expect(leads(`<h1>Come on in</h1><ul>${hours}</ul>${FOOTER}`, 'Northwind Coffee')).toBe('local');
    expect(leads(`<h1>Lunch</h1><p>Our Hours: Lunch Tues - Sat 11:45 am - 2:30 pm</p>${FOOTER}`, 'Northwind Kitchen')).toBe('local');
  });

  test('call and WhatsApp buttons next to a map are a local business, in any language', () => {
    const body = `<h3>تنسيق حدائق</h3><a class="btn" href="tel:+971561690507">اتصل</a><a class="btn" href="https://wa.me/971561690507">واتساب</a>
      <iframe src="https://www.google.com/maps/embed?pb=1"></iframe>`;
    expect(page(body, 'خدمات تنسيق حدائق').siteType).toBe('local');
  });

  test('an agency whose headings name its services and its team is B2B', () => {
    // Both ask for a quote, as an agency's home does: the headings naming its services decide.
    const quote = '<a class="btn" href="/contact">Get a quote</a>';
    const body = `<h1>We build brands</h1>${quote}<h3>Branding</h3><h3>Consulting</h3><h3>Development</h3><h2>Meet our team</h2>`;
    expect(leads(body, 'Northwind Studio')).toBe('b2b');
    expect(page(`<h1>We build brands</h1>${quote}<h3>Branding</h3><h2>Meet our team</h2>`, 'Northwind Studio').siteType).toBe('general');
  });

  test('a listing sorted by price, as WooCommerce sorts it, is a shop sign', () => {
    const select = (options: string[]): string => `<select>${options.map((o) => `<option>${o}</option>`).join('')}</select>`;
    const listing = `<h2>Results</h2><a href="/ad/1">11inch Macbook Air</a><span>$10</span>`;
    expect(signsOf(select(['Sort by popularity', 'Sort by price: low to high', 'Sort by price: high to low']) + listing)).toContain(
      'ecommerce:sorting by price',
    );
    expect(signsOf(select(['Top rated', 'Newest']) + listing)).not.toContain('ecommerce:sorting by price');
  });

  test('a shop that sells in Spanish: its buy buttons and prices make a listing, its name a shop', () => {
    const games = ['Persona 3', 'Elden Ring', 'Sekiro', 'Lego Batman']
      .map((g, i) => `<div><h4>${g}</h4><p>$${18 + i}.500</p><button>Comprar</button></div>`)
      .join('');
    // The shop's header links its cart on every page, as a shop's header does.
    const cart = '<header><a href="/carrito">Carrito</a></header>';
    const listing = page(`${cart}<h1>Productos</h1>${games}`, 'GameCloud', 'https://fixture.example/juegos.html');
    expect(leads(`${cart}<h1>Productos</h1>${games}`, 'GameCloud', 'https://fixture.example/juegos.html')).toBe('ecommerce');
    expect(listing.pageType).toBe('category');
    // Both homes link their cart too: the name "Tienda" decides.
    expect(leads(`${cart}<h1>Tienda de juegos GameCloud</h1><a href="juegos.html">Ir a productos</a>`, 'GameCloud')).toBe('ecommerce');
    expect(page(`${cart}<h1>Juegos GameCloud</h1><a href="juegos.html">Ir a productos</a>`, 'GameCloud').siteType).toBe('general');
  });

  test('plans whose period sits in its own element are plans priced per month', () => {
    const plan = (name: string, amount: string) =>
      `<div class="price-table"><span>${name}</span><div class="value"><span>$</span><span>${amount}</span><br><span>month</span></div></div>`;
    const body = `<h1>Cloud storage</h1><a href="/pricing">Pricing</a>${plan('Silver', '24,35')}${plan('Gold', '50,00')}`;
    expect(leads(body, 'Northwind Cloud')).toBe('b2b');
    expect(signsOf(body)).toContain('b2b:plans priced per month');
    expect(signsOf(body.replace(/month/g, ''))).not.toContain('b2b:plans priced per month');
  });

  test("two priced products, each with its own action, are a shop's products; one is not", () => {
    const item = (name: string, price: string) =>
      `<div class="product"><h3>${name}</h3><span class="price">${price}</span><button>Add to cart</button></div>`;
    const two = `<h1>Linen shirts</h1>${item('Linen shirt', '$49.00')}${item('Linen trousers', '$59.00')}`;
    expect(signsOf(two)).toContain('ecommerce:priced products with buy actions');
    expect(signsOf(`<h1>Linen shirts</h1>${item('Linen shirt', '$49.00')}`)).not.toContain('ecommerce:priced products with buy actions');
    // Plans priced per month beside their buttons are no products.
    expect(signsOf(`<h1>Plans</h1>${item('Team', '$49/month')}${item('Business', '$99/month')}`)).not.toContain(
      'ecommerce:priced products with buy actions',
    );
  });

  test("a manual's chapters (installation, usage, API) make a documentation page", () => {
    const manual = '<h1>Quillnote</h1><h2>Installation</h2><pre>npm install quillnote</pre><h2>Usage</h2><pre>quillnote src/*.js</pre>';
    expect(leads(`${manual}<h2>API</h2>`, 'Quillnote')).toBe('docs');
    expect(signsOf(`${manual}<h2>API</h2>`)).toContain('docs:manual chapters in the headings');
    // One chapter name is no manual's chapters: the page is left with its two code samples, a weaker case.
    const oneChapter = manual.replace('<h2>Usage</h2>', '<h2>Why</h2>');
    expect(signsOf(oneChapter)).not.toContain('docs:manual chapters in the headings');
    expect(scoresAt(oneChapter, 'Quillnote').docs).toBeLessThan(scoresAt(`${manual}<h2>API</h2>`, 'Quillnote').docs);
  });

  test('a listing of dated posts is a publication; the same cards undated, or a "Get started" alone, are a General website', () => {
    const post = (d: string) => `<article><h2><a href="/p">A walk in autumn</a></h2><p>${d}</p><p>Leaves and light.</p></article>`;
    const dated = ['March 3, 2024', 'February 9, 2024', 'January 14, 2024'].map(post).join('');
    expect(leads(`<h1>Field notes</h1>${dated}`, 'Field notes blog')).toBe('content');
    expect(signsOf(`<h1>Field notes</h1>${dated}`)).toContain('content:post listing');
    expect(signsOf(`<h1>Field notes</h1>${['', '', ''].map(post).join('')}`)).not.toContain('content:post listing');
    expect(page(`<h1>Field notes</h1>${['', '', ''].map(post).join('')}`, 'Field notes').siteType).toBe('general');
    expect(page('<h1>Hello</h1><a class="btn btn-primary" href="/start">Get started</a>', 'Hello').siteType).toBe('general');
  });

  test('a table of contents of its own sections beside code is a manual; the same links without code are a one-page site', () => {
    const toc = ['intro', 'install', 'setup', 'images', 'text', 'code', 'credits', 'faq']
      .map((id) => `<a href="#${id}">${id}</a>`)
      .join('');
    const manual = `<aside><nav>${toc}</nav></aside><h1>Theme guide</h1><pre>npm install</pre><pre>gulp build</pre>`;
    expect(leads(manual, 'Theme guide')).toBe('docs');
    expect(page(manual.replace(/<pre>[^<]*<\/pre>/g, ''), 'Theme guide').siteType).toBe('general');
  });

  test('a cart drawn as an icon button is a cart, and "Add" buttons with a cart-plus icon under prices make a shop', () => {
    const card = (n: number, price: string): string =>
      `<div class="card"><h5>Product ${n}</h5><p class="price">${price}</p><button class="btn add-to-cart"><i class="fa-solid fa-cart-plus"></i>Add</button></div>`;
    const header =
      '<nav><a href="/">Shoply</a><button class="btn" id="cartBtn"><i class="fa-solid fa-cart-shopping"></i><span>0</span></button></nav>';
    const body = `<h1>Modern goods</h1>${card(1, '$49.99')}${card(2, '$79.99')}${card(3, '$29.99')}`;
    const shop = page(`${header}${body}`, 'Shoply');
    expect(leads(`${header}${body}`, 'Shoply')).toBe('ecommerce');
    expect(ids(shop)).not.toContain('checkout-no-cart');
    // Without the drawn cart the same shop (as the signed-in scan types it from its other pages) has no cart to go to.
    const asShop = (html: string): AuditResult =>
      auditPage(parseWithGo(`<!doctype html><html lang="en"><head><title>Shoply</title></head><body>${html}</body></html>`, URL_), {
        siteType: 'ecommerce',
      });
    expect(ids(asShop(body))).toContain('checkout-no-cart');
    // A cart icon that is no link or button (an illustration in a list of services) is no cart.
    expect(ids(asShop(`<p><i class="fa fa-shopping-cart"></i> We build shops</p>${body}`))).toContain('checkout-no-cart');
  });

  test("icon links named by their SVG's <title> are social profiles, even when they go nowhere yet", () => {
    const svg = (name: string): string =>
      `<a class="link" href="#"><svg role="img" viewBox="0 0 24 24"><title>${name}</title><path d="M0 0"/></svg></a>`;
    const r = page(`<h1>Ada Lovelace</h1><p>Engineer.</p>${svg('Facebook')}${svg('GitHub')}${svg('Instagram')}`);
    expect(ids(r)).not.toContain('retention-no-social-links');
    expect(ids(r)).toContain('cta-dead-links');
    expect(ids(page(`<h1>Ada Lovelace</h1><p>Engineer.</p>${svg('Home')}`))).toContain('retention-no-social-links');
  });

  test("a heading left as the template's blank ('Your Name') is filler; a form's 'Your name' label is not", () => {
    const filler = page('<h1>Your Name</h1><p>What you do</p>').findings.find((f) => f.id === 'copy-filler-text');
    expect(filler?.evidence).toMatchObject({ element: '<h1>', sample: 'Your Name' });
    expect(ids(page('<h1>Write to us</h1><form><label for="n">Your name</label><input id="n" name="name"></form>'))).not.toContain(
      'copy-filler-text',
    );
  });

  test("a logo whose alt text says 'logo' names what it is: no placeholder; 'image' is one", () => {
    const r = page('<h1>Theme guide</h1><img src="images/logo.png" alt="logo"><img src="images/footer-logo.png" alt="Logo">');
    expect(ids(r)).not.toContain('copy-placeholder-alt');
    expect(ids(page('<h1>Theme guide</h1><img src="images/logo.png" alt="image">'))).toContain('copy-placeholder-alt');
  });

  test('an image size as alt text is a placeholder', () => {
    const r = page('<h1>Theme guide</h1><img src="shot.jpg" alt="Image 1355x900px"><img src="b.jpg" alt="600x400">');
    expect(r.findings.find((f) => f.id === 'copy-placeholder-alt')?.evidence).toMatchObject({
      element: '<img alt="Image 1355x900px">',
      count: 2,
    });
  });

  test('prices alone are no shop sign (menus and price tables have them); an address is a sign the model weighs little', () => {
    const parsed = parseWithGo(
      '<html><body><h1>Lunch</h1><p>Soup $6</p><p>Salad $8</p><p>Pie $5</p><address>1116 Orchard Street</address></body></html>',
      'https://fixture.example/',
    );
    const evidence = siteTypeEvidence('https://fixture.example/', parsed, computeSignals(parsed));
    expect(evidence.ecommerce).toEqual([]);
    expect(evidence.local).toEqual([['address', 1]]);
  });

  test('a foundation that names its charities in its navigation is a non-profit, not the local business its address suggests', () => {
    const body = `<nav><a href="/charities">Member charities</a><a href="/projects">Projects</a></nav><h1>Hope in action</h1>
      <h2>Recent charity programs</h2><p>Our members are registered charities working with children.</p>${FOOTER}`;
    expect(leads(body, 'Hope in Action')).toBe('nonprofit');
  });

  test('a menu that leads to the shop is a shop sign; "Products" alone is not', () => {
    const body = (entry: string): string =>
      `<nav><a href="/">Home</a><a href="/shop">${entry}</a><a href="/about">About</a></nav><h1>Nordic living</h1><p>Pillows and clocks.</p>`;
    expect(leads(body('Shop'), 'Nordic Living')).toBe('ecommerce');
    expect(leads(body('Store'), 'Nordic Living')).toBe('ecommerce');
    expect(page(body('Products'), 'Nordic Living').siteType).toBe('general');
    expect(page(body('Journal'), 'Nordic Living').siteType).toBe('general');
  });

  test("a link to another site's demo or pricing is no sign of a business; the site's own is, a sign-up and a price list each", () => {
    const evidence = (body: string): string[] => {
      const parsed = parseWithGo(
        `<!doctype html><html lang="en"><head><title>Notes</title></head><body>${body}</body></html>`,
        'https://www.fixture.example/blog/',
      );
      return siteTypeEvidence(parsed.url, parsed, computeSignals(parsed)).b2b.map(([n, p]) => `${n} (${p})`);
    };
    expect(evidence('<p>A replica of <a href="https://demo.ghost.io/welcome">Casper</a>.</p>')).toEqual([]);
    expect(evidence('<a href="https://other.example/pricing">Their plans</a>')).toEqual([]);
    expect(evidence('<a href="../pricing.html">Tickets</a>')).toEqual(['pricing link (1)']);
    expect(evidence('<a href="https://app.fixture.example/signup">Sign up</a><a href="/pricing">Pricing</a>')).toEqual([
      'sign-up or demo link (1)',
      'pricing link (1)',
    ]);
    // A one-page landing's menu leads to its own sections: its plans and its features.
    expect(evidence('<nav><a href="#features">Features</a><a href="#pricing">Pricing</a></nav>')).toEqual([
      'pricing link (1)',
      'features section in the menu (1)',
    ]);
    expect(evidence('<p><a href="#pricing">See the plans</a></p>')).toEqual([]);
  });

  test('boxes a template wraps in <article> are no post listing; dated articles are', () => {
    const boxes = (date: (i: number) => string): string =>
      ['Sed feugiat', 'Nisl placerat', 'Ante mattis', 'Tempus']
        .map((t, i) => `<article><h3>${t}</h3>${date(i)}<p>Lorem ipsum dolor sit amet.</p></article>`)
        .join('');
    const signs = (body: string): string[] => {
      const parsed = parseWithGo(
        `<!doctype html><html><head><title>Tessellate</title></head><body>${body}</body></html>`,
        'https://fixture.example/',
      );
      return siteTypeEvidence(parsed.url, parsed, computeSignals(parsed)).content.map(([n]) => n);
    };
    expect(signs(boxes(() => ''))).not.toContain('post listing');
    expect(signs(boxes((i) => `<span>August ${i + 2}, 2018</span>`))).toContain('post listing');
  });

  test('"Read more" under service cards is no post listing; under dated posts it is', () => {
    const cards = (date: (i: number) => string): string =>
      ['Teeth whitening', 'Implants', 'Braces']
        .map((t, i) => `<div class="card"><h3>${t}</h3>${date(i)}<p>Lorem ipsum.</p><a href="/s/${i}">Read more</a></div>`)
        .join('');
    const signs = (body: string): string[] => {
      const parsed = parseWithGo(
        `<!doctype html><html><head><title>Smile</title></head><body>${body}</body></html>`,
        'https://fixture.example/',
      );
      return siteTypeEvidence(parsed.url, parsed, computeSignals(parsed)).content.map(([n]) => n);
    };
    expect(signs(cards(() => ''))).not.toContain('post listing');
    expect(signs(cards((i) => `<span>12 March 20${10 + i}</span>`))).toContain('post listing');
  });

  test('a grid of priced cards, each with a product action, is a shop in any wording; plans per month or a menu are not', () => {
    const cards = (action: string, price: (i: number) => string): string =>
      ['Linen pillow', 'Oak clock', 'Wool throw', 'Clay vase']
        .map(
          (name, i) =>
            `<div class="card"><h3>${name}</h3><p>${price(i)}</p>${action && `<a class="btn" href="/p/${i}">${action}</a>`}</div>`,
        )
        .join('');
    const oneOff = (i: number): string => `£${19 + i}.99`;
    const signs = (body: string): string[] => {
      const parsed = parseWithGo(
        `<!doctype html><html><head><title>Hjem</title></head><body><h1>Hjem</h1>${body}</body></html>`,
        'https://fixture.example/',
      );
      return siteTypeEvidence(parsed.url, parsed, computeSignals(parsed)).ecommerce.map(([n]) => n);
    };
    expect(signs(cards('View product', oneOff))).toContain('priced products with buy actions');
    // With a cart to go to, the grid is a shop (the grid alone is one sign: too little).
    expect(leads(`<a href="/cart">Cart</a><h1>Hjem</h1>${cards('View product', oneOff)}`, 'Hjem')).toBe('ecommerce');
    expect(signs(cards('', oneOff))).not.toContain('priced products with buy actions');
    expect(signs(cards('Learn more', oneOff))).not.toContain('priced products with buy actions');
    expect(signs(cards('Buy now', (i) => `$${19 + i} / month`))).not.toContain('priced products with buy actions');
  });

  test('a blog\'s cards that read "5 MIN READ" in capitals are a listing of posts, and its share links a publication\'s', () => {
    const card = (n: number): string =>
      `<div class="card"><a href="/post-${n}.html"><p>GETTING STARTED</p><h3>Post ${n}</h3></a><span>${n} MIN READ</span></div>`;
    const share =
      '<a href="https://twitter.com/intent/tweet?url=x">Tweet</a><a href="https://www.facebook.com/sharer/sharer.php?u=x">Share</a>';
    expect(signsOf(`${share}<main>${[1, 2, 3].map(card).join('')}</main>`)).toEqual(
      expect.arrayContaining(['content:post listing', 'content:share buttons']),
    );
    // Three posts that each give their reading time are a listing of posts; the same cards without
    // a byline are any template's cards.
    expect(signsOf(`<main>${[1, 2, 3].map(card).join('')}</main>`)).toContain('content:post listing');
    expect(
      signsOf(
        `<main>${[1, 2, 3]
          .map(card)
          .join('')
          .replace(/MIN READ/g, 'ITEMS')}</main>`,
      ),
    ).not.toContain('content:post listing');
    // With the blog's name they lead to a publication.
    expect(leads(`${share}<main>${[1, 2, 3].map(card).join('')}</main>`, 'Ghostwind blog')).toBe('content');
  });
});

describe('the scan on the thin kinds of site: documentation, local businesses, posts', () => {
  beforeAll(() => void parseWithGo('', 'https://fixture.example/'), 120_000);
  const evidenceOf = (body: string, url = 'https://fixture.example/'): SiteTypeEvidence => {
    const parsed = parseWithGo(`<!doctype html><html lang="en"><head><title>Fixture</title></head><body>${body}</body></html>`, url);
    return siteTypeEvidence(parsed.url, parsed, computeSignals(parsed));
  };

  test("filler words inside a code sample are the sample's, not the page's copy", () => {
    // A long sample: its element's text is capped, and the words sit past the cap.
    const sample = `<pre>${'filter_liveSearch: true, '.repeat(60)}// default placeholder text\nfilter_placeholder: {}</pre>`;
    const docs = (prose: string): AuditResult =>
      page(`<h1>Table sorter</h1><p>Options go in one object:</p>${sample}<p>Then call the plugin.</p>${prose}`, 'Table sorter docs');
    expect(ids(docs(''))).not.toContain('copy-filler-text');
    expect(ids(page('<h1>Styles</h1><p>Write <code>lorem ipsum</code> to fill a box while you design it.</p>'))).not.toContain(
      'copy-filler-text',
    );
    const filler = docs('<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>').findings.find(
      (f) => f.id === 'copy-filler-text',
    );
    expect(filler?.evidence.sample).toContain('Lorem ipsum');
  });

  test("prose that names placeholder text (a credit, a documented option) is no filler; the template's filler is", () => {
    const credit = '<h1>Man must explore</h1><p>Placeholder text by Space Ipsum · Images by NASA on The Commons</p>';
    expect(ids(page(credit))).not.toContain('copy-filler-text');
    const option = '<h1>Filters</h1><p>Added a global filter input placeholder text for search inputs and selects (v2.16).</p>';
    expect(ids(page(option))).not.toContain('copy-filler-text');
    expect(ids(page('<h1>About us</h1><p>This is placeholder text. Replace it with your story.</p>'))).toContain('copy-filler-text');
  });

  test("the rest of Cicero's passage that filler generators use is filler too, not only 'Lorem ipsum'", () => {
    const cicero = page('<h1>Our services</h1><p>Sed ut perspiciatis unde omnis iste natus error sit voluptatem accusantium.</p>');
    expect(cicero.findings.find((f) => f.id === 'copy-filler-text')?.evidence.sample).toContain('Sed ut perspiciatis');
    expect(
      ids(page('<h1>Opening hours</h1><p>Itaque earum rerum hic tenetur sapiente delectus, sint et molestiae non recusandae.</p>')),
    ).toContain('copy-filler-text');
    // Latin that is a motto, not the filler passage.
    expect(ids(page('<h1>Carpe diem</h1><p>Per aspera ad astra: our studio since 1998.</p>'))).not.toContain('copy-filler-text');
  });

  test("a product page whose header cart icon is named 'Add to cart' is still a product page", () => {
    const product = `<header><a href="/">Sneakers</a><button aria-label="add to cart"><svg></svg></button></header>
      <main><h1>Fall Limited Edition Sneakers</h1><p>$125.00</p><button>Add to cart</button></main>`;
    expect(page(product).pageType).toBe('product');
  });

  test('a template that wraps the whole page in one <article> is no article page; a post is', () => {
    const words = (n: number): string => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
    const wrapper = `<article><section><h1>For the love of food</h1><p>${words(120)}</p></section><section><h2>Our menu</h2><p>${words(
      120,
    )}</p></section><section><h2>Book a table</h2><p>${words(120)}</p></section></article>`;
    expect(page(wrapper, 'Grill house').pageType).toBe('home');
    const post = `<article><h1>How we grill</h1><p>${words(400)}</p></article>`;
    expect(page(post, 'Grill house').pageType).toBe('article');
  });

  test('a section whose accessible name is "testimonials" holds testimonials, whatever its classes', () => {
    const quote =
      '<p class="headline-2">I wanted to thank you for inviting me down for that amazing dinner the other night. The food was extraordinary.</p><p class="profile-name">Sam Jhonson</p>';
    expect(ids(page(`${B2B}<section class="section testi" aria-label="testimonials">${quote}</section>`))).not.toContain(
      'social-no-testimonials',
    );
    expect(ids(page(`${B2B}<section class="section testi" aria-label="menu">${quote}</section>`))).toContain('social-no-testimonials');
  });

  test('posts dated by a <time datetime> element are a post listing, whatever the date reads', () => {
    const cards = (time: (i: number) => string): string =>
      [1, 2, 3].map((i) => `<article><h3><a href="/p/${i}">Post ${i}</a></h3>${time(i)}<p>A short summary.</p></article>`).join('');
    const content = (body: string): string[] => evidenceOf(body).content.map(([n]) => n);
    expect(content(cards((i) => `<time datetime="2024-03-0${i}T10:00">${i} days ago</time>`))).toContain('post listing');
    expect(content(cards(() => '<time>soon</time>'))).not.toContain('post listing');
    expect(content(cards(() => ''))).not.toContain('post listing');
  });
});

describe('a rendered page (the renderer marks boxes and hidden elements)', () => {
  test('the call to action is judged by where the browser put it, and a hidden one does not count', () => {
    const cta = (box: string, hidden = '') =>
      page(`${B2B.replace('class="btn" href="/demo"', `class="btn" href="/demo" data-cro-box="${box}"`)}${hidden}`);
    expect(ids(cta('40,1400,180,48'))).toContain('cta-below-fold');
    expect(ids(cta('40,420,180,48'))).not.toContain('cta-below-fold');
    const onlyHidden = page(
      '<h1>Invoice automation for finance teams</h1><div data-cro-hidden=""><a class="btn" href="/demo" data-cro-box="0,0,0,0">Book a demo</a></div><a href="/pricing">Pricing</a>',
    );
    expect(ids(onlyHidden)).toContain('cta-missing');
  });
});
