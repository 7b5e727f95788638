/**
 * The scan on pages nobody here wrote (issue 38, eighth corpus round): the ways a real template
 * shows a contact, an about page, a privacy policy, a testimonial or a download, read from the
 * page's structure. Each case comes with a page that must still be reported.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { auditPage, type AuditResult } from '../../src/lib/audit';
import type { SiteType } from '../../src/lib/site-type';
import { parseWithGo } from '../helpers/audit-pages';

/** The audit of a page; `siteType` passes the site's type, for a test of a check rather than of typing. */
const page = (body: string, head = '', siteType?: SiteType): AuditResult =>
  auditPage(
    parseWithGo(
      `<!doctype html><html lang="en"><head><title>Northwind Outfitters</title>${head}<meta name="description" content="Outdoor clothing made to last for decades."></head><body>${body}</body></html>`,
      'https://fixture.example/',
    ),
    { siteType },
  );
const ids = (r: AuditResult): string[] => r.findings.map((f) => f.id);
const H1 = '<h1>Outdoor clothing made to last</h1><p>Jackets, boots and packs, repaired for free as long as you own them.</p>';
// A B2B page (testimonials are advice for businesses, not for every site).
const B2B = '<h1>Invoice automation for finance teams</h1><a class="btn" href="/demo">Book a demo</a><a href="/pricing">Pricing</a>';

describe('the scan on pages nobody here wrote', () => {
  beforeAll(() => void parseWithGo('', 'https://fixture.example/'), 120_000);

  test('a link that downloads the software is a call to action wherever it is hosted; a share button is not', () => {
    const download = page(
      `<h1>Tiny autocomplete</h1><p>Two kilobytes, no dependencies.</p>
       <a href="https://github.com/acme/tiny/archive/main.zip">Get everything as a zip file</a>`,
    );
    expect(ids(download)).not.toContain('cta-missing');
    const share = page(
      `<h1>Tiny autocomplete</h1><p>Two kilobytes, no dependencies.</p>
       <a class="btn twitter-share-button" href="https://twitter.com/share">Tweet</a><a href="https://github.com/acme/tiny">Fork me</a>`,
    );
    expect(ids(share)).toContain('cta-missing');
  });

  test('a phone number after its label, or a contact form, is a way to reach a person', () => {
    expect(ids(page(`${H1}<footer><p>Phone: 012 345 678 9</p></footer>`))).not.toContain('trust-no-contact');
    expect(ids(page(`${H1}<footer><p>Tel. 0521 / 88 44 10</p></footer>`))).not.toContain('trust-no-contact');
    const form = `<form><input type="text" name="name" placeholder="Name"><input type="email" name="email" placeholder="Email">
      <textarea name="message" placeholder="Your message"></textarea><button>Send</button></form>`;
    expect(ids(page(`${H1}<h2>Keep in touch</h2>${form}`))).not.toContain('trust-no-contact');
    // Still reported: an order number is not a phone, and a blog's comment form reaches no one.
    expect(ids(page(`${H1}<p>Order 012 345 678 9 shipped.</p>`))).toContain('trust-no-contact');
    const comment = `<form><input type="email" name="email"><input type="url" name="website"><textarea name="comment"></textarea><button>Post comment</button></form>`;
    expect(ids(page(`${H1}${comment}`))).toContain('trust-no-contact');
  });

  test('a contact or about link is found whatever its decoration, language or relative path', () => {
    expect(ids(page(`${H1}<nav><a href="/reach">Contact Us →</a></nav>`))).not.toContain('trust-no-contact');
    expect(ids(page(`${H1}<nav><a href="/x">Contacts</a></nav>`))).not.toContain('trust-no-contact');
    expect(ids(page(`${H1}<nav><a href="about.html">Our shop</a></nav>`))).not.toContain('trust-no-about');
    expect(ids(page(`${H1}<nav><a href="/x">About Northwind</a></nav>`))).not.toContain('trust-no-about');
    expect(ids(page(`${H1}<nav><a href="/x">Über uns</a> <a href="/y">Quiénes somos</a></nav>`))).not.toContain('trust-no-about');
    for (const words of ['O nas', 'Om oss', 'Quem somos', 'Despre noi', 'Über mich'])
      expect(ids(page(`${H1}<nav><a href="#x">${words}</a></nav>`)), words).not.toContain('trust-no-about');
    // A word that only starts like one is not: "Onasis", "Ommatidia".
    expect(ids(page(`${H1}<nav><a href="/o">Onasis</a> <a href="/m">Ommatidia</a></nav>`))).toContain('trust-no-about');
    expect(ids(page(`${H1}<h2>Our history</h2><p>Since 1962.</p>`))).not.toContain('trust-no-about');
    expect(ids(page(`${H1}<h2>Meet our founders</h2><p>Ana and Jo.</p>`))).not.toContain('trust-no-about');
    // An about section headed in another language, accents and all.
    for (const heading of ['Notre Histoire', 'Qui sommes-nous ?', 'À propos de nous', 'Nossa história', 'Nuestro equipo', 'Unser Team'])
      expect(ids(page(`${H1}<h2>${heading}</h2><p>Since 1962.</p>`)), heading).not.toContain('trust-no-about');
    // A word that only starts like one is not: "Notre histoirette".
    expect(ids(page(`${H1}<h2>Notre histoirette</h2><p>Since 1962.</p>`))).toContain('trust-no-about');
    // Still reported: a page whose links say neither.
    const r = page(`${H1}<nav><a href="/shop">Shop</a> <a href="/aboutique">Boutique</a></nav>`);
    expect(ids(r)).toContain('trust-no-about');
    expect(ids(r)).toContain('trust-no-contact');
  });

  test('a link drawn as a button with utility classes is a call to action in any language; a plain menu link is not', () => {
    const button = page(`${H1}<main><a href="#kontakt" class="rounded-lg bg-cyan-600 px-4 py-2 text-white">Umów konsultację</a></main>`);
    expect(ids(button)).not.toContain('cta-missing');
    const plain = page(`${H1}<main><a href="#kontakt" class="text-cyan-700 hover:underline">Umów konsultację</a></main>`);
    expect(ids(plain)).toContain('cta-missing');
  });

  test('stars written as emoji are a rating; one star beside a word is not', () => {
    // A shop's page (passed: this tests the ratings, not the typing).
    const shop = (extra: string): string[] =>
      ids(
        page(
          `<h1>Linen shirts</h1><a href="/cart">Cart</a>${extra}
          <div class="product"><h3>Linen shirt</h3><span class="price">$49.00</span><button>Add to cart</button></div>
          <div class="product"><h3>Linen trousers</h3><span class="price">$59.00</span><button>Add to cart</button></div>`,
          '',
          'ecommerce',
        ),
      );
    expect(shop('<div class="review"><div class="stars">⭐️⭐️⭐️⭐️</div><p>by Aiman R.</p></div>')).not.toContain('social-no-ratings');
    expect(shop('<h3>⭐ Featured</h3>')).toContain('social-no-ratings');
  });

  test('a privacy policy is found in the languages templates ship in', () => {
    expect(ids(page(`${H1}<footer><a href="/legal/datos">Política de privacidad</a></footer>`))).not.toContain('trust-no-privacy');
    expect(ids(page(`${H1}<footer><a href="/legal">Política de Privacidade</a></footer>`))).not.toContain('trust-no-privacy');
    expect(ids(page(`${H1}<footer><a href="/legal">Data protection</a></footer>`))).not.toContain('trust-no-privacy');
    expect(ids(page(`${H1}<footer><a href="/legal">Terms of use</a></footer>`))).toContain('trust-no-privacy');
  });

  test('testimonials under the headings real templates use', () => {
    const quote =
      '<p>The invoices have matched our purchase orders for three years now and month-end closes two days earlier.</p><p>Maria Lopez</p>';
    for (const heading of [
      'Reviews',
      'Success stories',
      'Hear from our customers',
      "Don't take our word for it",
      'Loved by finance teams',
      'Client feedback',
    ])
      expect(ids(page(`${B2B}<h2>${heading}</h2>${quote}`)), heading).not.toContain('social-no-testimonials');
    expect(ids(page(`${B2B}<h2>Our story</h2>${quote}`))).toContain('social-no-testimonials');
    // A block classed as feedback from clients holds them too, whatever its heading.
    expect(ids(page(`${B2B}<h2>Results</h2><div class="client-feedback-slider">${quote}</div>`))).not.toContain('social-no-testimonials');
    expect(ids(page(`${B2B}<h2>Results</h2><div class="results-grid">${quote}</div>`))).toContain('social-no-testimonials');
  });

  test('a headline the page fills in by script is not a missing headline', () => {
    const script = '<script src="/app.js"></script>';
    expect(ids(page(`<h1 id="headline"></h1><p>Jackets and boots.</p>${script}`))).not.toContain('copy-no-h1');
    expect(ids(page(`<h2>Jackets</h2><p>Jackets and boots.</p>${script}`))).toContain('copy-no-h1');
    expect(ids(page(`<h1></h1><p>Jackets and boots.</p>`))).toContain('copy-no-h1');
    // A headline drawn as an image with its name is a headline.
    expect(ids(page(`<h1><img src="/wordmark.svg" alt="Northwind Outfitters"></h1><p>Jackets and boots.</p>`))).not.toContain('copy-no-h1');
  });

  test('a cart linked by a relative address or drawn as a bag is a cart', () => {
    // The cart check on a shop's listing: the type passed as the signed-in scan passes it (the
    // listing's three buy buttons under prices alone fall just short of the model's bar for a type).
    const shop = (header: string): string[] =>
      ids(
        page(
          `<header>${header}</header><h1>Linen shirts</h1>${['shirt', 'trousers', 'cap']
            .map(
              (p, i) =>
                `<div class="product"><h3>Linen ${p}</h3><span class="price">$${49 + i}.00</span><a class="btn" href="/p/${i}">Buy now</a></div>`,
            )
            .join('')}`,
          '',
          'ecommerce',
        ),
      );
    expect(shop('<a href="shoping-cart.html">0 items</a>')).not.toContain('checkout-no-cart');
    expect(shop('<a href="#"><i class="fa fa-shopping-bag"></i></a>')).not.toContain('checkout-no-cart');
    expect(shop('<a href="#"><i class="bi bi-bag"></i><span>2</span></a>')).not.toContain('checkout-no-cart');
    // A trolley drawn as an unnamed SVG: a body and two equal wheels at the bottom.
    const trolley =
      '<svg viewBox="0 0 24 24"><path d="M21 7H7.5L5.9 3.6C5.7 3.2 5.4 3 5 3H2v2h2.4l4.7 10.4c.2.4.5.6.9.6h8"/><circle cx="10.5" cy="18.5" r="1.5"/><circle cx="17.5" cy="18.5" r="1.5"/></svg>';
    expect(shop(`<a href="#">${trolley}</a>`)).not.toContain('checkout-no-cart');
    // Still reported on a shop: a header with neither (a handbag category is not the cart), or an
    // unnamed SVG of a person (one circle) or of two eyes at the top.
    expect(shop('<a href="/handbags">Handbags</a><a href="/wishlist"><i class="fa fa-heart"></i></a>')).toContain('checkout-no-cart');
    const person = '<svg viewBox="0 0 24 24"><circle cx="12" cy="7" r="3"/><path d="M12 2C9.2 2 7 4.2 7 7"/></svg>';
    const face = '<svg viewBox="0 0 24 24"><path d="M2 12h20"/><circle cx="8" cy="6" r="1.5"/><circle cx="16" cy="6" r="1.5"/></svg>';
    expect(shop(`<a href="/account">${person}</a><a href="/smile">${face}</a>`)).toContain('checkout-no-cart');
  });

  test('ratings written as a score out of five are ratings', () => {
    // A shop's page (passed: this tests the ratings, not the typing).
    const shop = (rating: string): string[] =>
      ids(
        page(
          `<h1>Linen shirts</h1><a href="/cart">Cart</a>
          <div class="product"><h3>Linen shirt</h3><span class="price">$49.00</span><p>${rating}</p><button>Add to cart</button></div>
          <div class="product"><h3>Linen trousers</h3><span class="price">$59.00</span><button>Add to cart</button></div>`,
          '',
          'ecommerce',
        ),
      );
    expect(shop('Rated 4.8 out of 5 by 312 customers')).not.toContain('social-no-ratings');
    expect(shop('4.9/5 from 1,200 reviews')).not.toContain('social-no-ratings');
    // Still reported: a size or a step count is not a rating.
    expect(shop('Step 1/5: choose your size')).toContain('social-no-ratings');
  });

  test('a mailing list sign-up is a newsletter, and a placeholder pricing link is a pricing link', () => {
    const blog = (extra: string): string[] =>
      ids(
        page(`<h1>Notes from the trail</h1><article><h2><a href="/posts/one">A winter on the ridge</a></h2><p>Posted on March 3, 2024 by Ana</p></article>
          <article><h2><a href="/posts/two">Boots that last</a></h2><p>Posted on February 1, 2024 by Ana</p></article>${extra}`),
      );
    expect(blog('<aside><h3>Join our mailing list</h3><a class="btn" href="/list">Join</a></aside>')).not.toContain(
      'retention-no-newsletter',
    );
    expect(blog('<aside><h3>Stay in the loop</h3><a class="btn" href="/list">Join</a></aside>')).not.toContain('retention-no-newsletter');
    // A check of B2B pages: the type is given (without its pricing link the page is weak evidence of one).
    const b2b = (nav: string): string[] => ids(page(`${B2B.replace('<a href="/pricing">Pricing</a>', '')}<nav>${nav}</nav>`, '', 'b2b'));
    expect(b2b('<a href="#">Plans</a>')).not.toContain('pricing-hidden');
    expect(b2b('<a href="/team">Team</a>')).toContain('pricing-hidden');
  });

  test('a text link named after a network is a social profile link, even when it goes nowhere yet', () => {
    const r = page(`${H1}<footer><ul><li><a href="#">Facebook</a></li><li><a href="#">Instagram</a></li></ul></footer>`);
    expect(ids(r)).not.toContain('retention-no-social-links');
    expect(ids(r)).toContain('cta-dead-links');
    // Still reported: a sentence that mentions a network is not a profile link.
    expect(ids(page(`${H1}<p><a href="/blog/ads">Why we stopped advertising on Facebook</a></p>`))).toContain('retention-no-social-links');
  });

  test('a phone number is found when the next element runs into it', () => {
    const r = page(`${H1}<footer><div><span>Open daily</span><span>(555) 123-4567</span><span>Visit us</span></div></footer>`);
    expect(ids(r)).not.toContain('trust-no-contact');
  });

  test('a page selling many products side by side is a listing, whatever its path says', () => {
    const grid = ['shirt', 'trousers', 'cap', 'scarf']
      .map((p, i) => `<div class="card"><h3>Linen ${p}</h3><span>$${49 + i}.00</span><button>Add to cart</button></div>`)
      .join('');
    const at = (path: string, body: string): string =>
      auditPage(
        parseWithGo(
          `<!doctype html><html lang="en"><head><title>Linen</title></head><body><h1>Linen</h1>${body}</body></html>`,
          `https://fixture.example${path}`,
        ),
      ).pageType;
    expect(at('/product/product.html', grid)).toBe('category');
    // Still a product page: one product with its own button.
    expect(at('/product/linen-shirt.html', '<h2>Linen shirt</h2><span>$49.00</span><button>Add to cart</button>')).toBe('product');
  });

  test("a template's product-details, blog index and documentation files are a product, a listing and an article", () => {
    const at = (path: string, body = '<h2>Linen shirt</h2><span>RM 189.00</span><button>Add to cart</button>'): string =>
      auditPage(
        parseWithGo(
          `<!doctype html><html lang="en"><head><title>Linen</title></head><body><h1>Linen</h1>${body}</body></html>`,
          `https://fixture.example${path}`,
        ),
      ).pageType;
    for (const path of ['/product-details/', '/productDetails.html', '/shop-single.html', '/single-product.html'])
      expect(at(path), path).toBe('product');
    expect(at('/blog.html', '<h2>First post</h2><p>Hello.</p>')).toBe('category');
    expect(at('/news/', '<h2>First story</h2><p>Hello.</p>')).toBe('category');
    expect(at('/resources/', '<h2>Guides</h2><p>Hello.</p>')).toBe('category');
    expect(at('/documentation.html', '<h2>Install</h2><p>Run it.</p>')).toBe('article');
    // A page headed as the shop's products that shows several prices lists them, whatever its path.
    const items = ['Cap', 'Scarf', 'Tote']
      .map((p, i) => `<div class="card"><h5>${p}</h5><span>$${29 + i}.99</span><button>Add</button></div>`)
      .join('');
    const headed = (h1: string): string =>
      auditPage(
        parseWithGo(
          `<!doctype html><html lang="en"><head><title>Shop</title></head><body><h1>${h1}</h1>${items}</body></html>`,
          'https://fixture.example/product/product.html',
        ),
      ).pageType;
    expect(headed('Our Products')).toBe('category');
    expect(headed('Linen cap')).toBe('product');
    // An about page, however long its story, is judged as a landing page.
    const story = `<h2>Our story</h2><article>${'<p>We started in a garage with one sewing machine and a lot of linen.</p>'.repeat(30)}</article>`;
    expect(at('/aboutUs.html', story)).toBe('landing');
    expect(at('/about-us/', story)).toBe('landing');
    // Still: a post under the blog is an article, and a page merely named "details" is not a product.
    expect(at('/blog/first-post', '<h2>First post</h2><p>Hello.</p>')).toBe('article');
    expect(at('/blog/about-our-move', story)).toBe('article');
    expect(at('/details.html', '<h2>Our services</h2><p>Hello.</p>')).not.toBe('product');
  });

  test('an app shell built by script is not judged on a body it does not serve; its head still is', () => {
    const shell = ids(page('<div id="root"></div><script type="module" src="/assets/index-4f2a.js"></script>'));
    for (const id of [
      'cta-missing',
      'trust-no-contact',
      'trust-no-privacy',
      'copy-no-h1',
      'retention-no-social-links',
      'copy-thin-content',
    ])
      expect(shell).not.toContain(id);
    expect(shell).toContain('retention-no-open-graph');
    expect(shell).toContain('mobile-no-viewport');
    // Still judged: a short page that serves its own body, scripts or not.
    const served = ids(page('<div id="root"><h2>Jackets</h2><p>Warm.</p></div><script src="/app.js"></script>'));
    expect(served).toContain('cta-missing');
    expect(served).toContain('copy-no-h1');
  });

  test('filter, slide and lightbox links and a back-to-top link operate the page: they are not dead links', () => {
    const widgets = `<a href="#" data-filter="*">All</a> <a href="javascript:;" data-filter=".web">Web</a>
      <a href="#" data-bs-slide="next">Next slide</a> <a href="#" data-lightbox="set">Photo one</a> <a href="#">Back to top</a>`;
    expect(ids(page(`${H1}${widgets}`))).not.toContain('cta-dead-links');
    expect(ids(page(`${H1}${widgets}<a href="#">Read the story</a>`))).toContain('cta-dead-links');
  });
});
