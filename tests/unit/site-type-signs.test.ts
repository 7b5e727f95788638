/**
 * Site-type signs read from a page's structure (src/lib/audit/site-type.ts and site-type-layout.ts):
 * opening hours written as spans of hours, a business's branches, a lead form, a shop's customer
 * service links and a dated post. Each fires on the layout it reads and not on its look-alike.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { auditPage, computeSignals, siteTypeEvidence } from '../../src/lib/audit';
import { decideSiteType, decideWithHome, openingSpans, type SiteTypeEvidence } from '../../src/lib/audit/site-type';
import { parseWithGo } from '../helpers/audit-pages';

const URL = 'https://fixture.example/';
const html = (body: string): string => `<!doctype html><html lang="en"><head><title>Northwind</title></head><body>${body}</body></html>`;
/** The signs of each type on the page, as 'type:sign'. */
const signs = (body: string): string[] => {
  const page = parseWithGo(html(body), URL);
  return Object.entries(siteTypeEvidence(URL, page, computeSignals(page))).flatMap(([t, list]) => list.map(([n]) => `${t}:${n}`));
};
const typeOf = (body: string): string => auditPage(parseWithGo(html(body), URL)).siteType;
const paragraph = (n: number): string => `<p>${'word '.repeat(n)}</p>`;

describe('site-type signs from the structure', () => {
  beforeAll(() => void parseWithGo('', URL), 120_000);

  test('spans of hours long enough to be opening hours count; an agenda of slots does not', () => {
    expect(openingSpans('Hours: 9AM-7PM daily. Kitchen 11:45 am - 2:30 pm and 5:30 pm - 9:00 pm')).toBe(3);
    expect(openingSpans('Lun-Ven 08:30 – 18:00, Sam 9h - 13h, dinner 17.30 – 00.00')).toBe(3);
    expect(openingSpans('09:00 - 10:00 Registration 10:00 - 11:00 Keynote 11:00 - 12:00 Panel')).toBe(0);
    // Prices and versions are no clock: "$10.50 - 20.00", "1.2 - 1.4".
    expect(openingSpans('from $10.50 - $24.99, versions 1.2 - 1.4')).toBe(0);
    expect(signs('<h1>Downtown</h1><p>East: 9AM-7PM daily</p><p>West: 10AM-6PM daily</p>')).toContain('local:opening hours');
    expect(signs('<h1>Summit</h1><p>09:00 - 10:00 Keynote</p><p>10:00 - 11:00 Panel</p>')).not.toContain('local:opening hours');
  });

  test("two street addresses are a business's branches; one is any company's office", () => {
    expect(signs('<h1>Gym</h1><p>3822 Airport Blvd, Austin</p><p>6318 Burnet Rd, Austin</p>')).toContain('local:several addresses');
    expect(signs('<h1>Acme</h1><p>Our office: 3822 Airport Blvd, Austin. Founded 2006, 3 rd floor.</p>')).not.toContain(
      'local:several addresses',
    );
  });

  test('a lead form asks for the company and for a way to reach the person', () => {
    const form = (fields: string): string => `<h1>Acme</h1><form>${fields}<button>Send</button></form>`;
    expect(
      signs(form('<label>Company <input name="company"></label><label>Work email <input type="email" name="email"></label>')),
    ).toContain('b2b:lead form asking for the company');
    // A demo form that asks about companies but never how to answer is no lead form.
    expect(
      signs(form('<label>A company you like <input name="company"></label><label>Valuation <input name="valuation"></label>')),
    ).not.toContain('b2b:lead form asking for the company');
  });

  test("two kinds of a shop's customer service links are a shop sign; one link or a paragraph is not", () => {
    expect(signs('<h1>Denim</h1><footer><a href="/s">Shipping</a><a href="/r">Returns</a></footer>')).toContain(
      'ecommerce:shop service links',
    );
    expect(signs('<h1>Mode</h1><footer><a href="/l">Livraison</a><a href="/r">Retours</a></footer>')).toContain(
      'ecommerce:shop service links',
    );
    expect(signs('<h1>Freight</h1><footer><a href="/d">Delivery</a></footer><p>Shipping and returns for our clients.</p>')).not.toContain(
      'ecommerce:shop service links',
    );
  });

  test("a shop's free-shipping promise is a shop sign in its languages; a restaurant's free delivery is not", () => {
    expect(signs('<h1>Denim</h1><p>Free shipping for orders over $50</p>')).toContain('ecommerce:free shipping offer');
    expect(signs('<h1>Moda</h1><p>Envío gratis en pedidos desde 40 €</p>')).toContain('ecommerce:free shipping offer');
    expect(signs('<h1>Luigi pizzeria</h1><p>Free delivery on orders over $20</p>')).not.toContain('ecommerce:free shipping offer');
  });

  test('a link to a fundraising platform or a donate page in any language is a donate button; a payment link is not', () => {
    expect(signs('<h1>Clean water</h1><a href="https://donorbox.org/clean-water">Help us</a>')).toContain('nonprofit:donate button');
    expect(signs('<h1>Agua limpia</h1><a class="btn" href="/ayuda">Donar</a>')).toContain('nonprofit:donate button');
    expect(signs('<h1>Trail shoes</h1><a href="https://www.paypal.com/checkoutnow">Pay with PayPal</a>')).not.toContain(
      'nonprofit:donate button',
    );
  });

  test('a date beside the title over a body of paragraphs is a post; a date in the footer is not', () => {
    expect(signs(`<h1>Why we moved</h1><p>March 3, 2024 · Sam Lee</p>${paragraph(60)}${paragraph(50)}`)).toContain('content:dated article');
    expect(signs(`<h1>Why we moved</h1><p>Sam Lee</p>${paragraph(60)}${paragraph(50)}`)).not.toContain('content:dated article');
    expect(
      signs(
        `<h1>Acme consulting</h1>${paragraph(60)}${paragraph(50)}${paragraph(50)}${paragraph(50)}<footer>Updated March 3, 2024</footer>`,
      ),
    ).not.toContain('content:dated article');
  });

  test('a trade that serves people at its own place, named where the site names itself, makes its address and phone a local business', () => {
    const footer = '<footer><p>12 High Street, Leeds</p><p>Phone: 0113 496 0000</p></footer>';
    // A schema.org LocalBusiness trade ("HairSalon") in the heading and the menu.
    expect(typeOf(`<nav><a href="/salon">Hair salon</a></nav><h1>Kings Hair Salon</h1><p>Fades and beard trims.</p>${footer}`)).toBe(
      'local',
    );
    // The same contact details under a name of no trade, or of one that names software too ("SPA"), are any site's.
    expect(typeOf(`<h1>Kings Studio</h1><p>Fades and beard trims.</p>${footer}`)).toBe('general');
    expect(typeOf(`<h1>Vue SPA starter</h1><p>Routing and state.</p>${footer}`)).toBe('general');
  });

  test('a trade is named by the head of its schema.org name too, singular or plural, and inside a brand run together', () => {
    // 'ExerciseGym' is a gym, 'MedicalClinic' a clinic; a 'CoffeeShop' is no 'shop', a 'GolfCourse' no 'course'.
    expect(signs('<h1>Iron Yard Gym</h1><p>Classes all week.</p>')).toContain('local:local trade named');
    expect(signs('<h1>Our clinics</h1><p>Care near you.</p>')).toContain('local:local trade named');
    expect(signs('<title>FitGym</title><h1>Train with us</h1>')).toContain('local:local trade named');
    expect(signs('<h1>Shop our course</h1><p>Lessons online.</p>')).not.toContain('local:local trade named');
    expect(signs('<h1>A Vue SPA starter</h1>')).not.toContain('local:local trade named');
  });

  test("a tradesperson by the occupation's name is a trade; a trade's venue called a shop is no shop of goods", () => {
    expect(signs('<h1>Fade Barbers</h1><p>Cuts and shaves.</p>')).toContain('local:local trade named');
    expect(signs('<h1>Barber Shop</h1><p>Cuts and shaves.</p>')).not.toContain('ecommerce:shop words');
    expect(signs('<h1>Corner Coffee Shop</h1>')).not.toContain('ecommerce:shop words');
    // A shop of goods still is one, and so is a trade's site that also runs a shop.
    expect(signs('<h1>Gift Shop</h1>')).toContain('ecommerce:shop words');
    expect(signs('<h1>Barber Shop</h1><nav><a href="/grooming">Grooming shop</a></nav>')).toContain('ecommerce:shop words');
    // The commonest trades in a dictionary's translations; not a word's other sense (a Portuguese 'palestra' is a talk).
    expect(signs('<h1>Bella Donna - Peluquería &amp; Estética</h1>')).toContain('local:local trade named');
    expect(signs('<h1>Hôtel du Lac</h1>')).toContain('local:local trade named');
    expect(signs('<h1>Palestra de abertura</h1>')).not.toContain('local:local trade named');
  });

  test("three of a résumé's sections as headings, or 'Resume' in the title, make a personal site; a company's sections do not", () => {
    expect(signs('<h1>Jane Doe</h1><h2>Experience</h2><h2>Education</h2><h2>Skills</h2>')).toContain('local:personal site');
    expect(signs('<title>Jane Doe — Resume</title><h1>Jane Doe</h1>')).toContain('b2b:personal site');
    expect(signs('<h1>Acme</h1><h2>Services</h2><h2>Experience</h2><h2>Clients</h2>')).not.toContain('b2b:personal site');
  });

  test("a menu of a newsroom's sections, and headings that link to stories, are a publication's", () => {
    const menu = (items: string[]): string => `<nav>${items.map((t) => `<a href="/${t.toLowerCase()}">${t}</a>`).join('')}</nav>`;
    expect(signs(menu(['World', 'Politics', 'Business', 'Sport', 'Science & Technology']))).toContain('content:news sections in the menu');
    // Three are a company's industries as often: not enough.
    expect(signs(menu(['Health', 'Finance', 'Education', 'Pricing']))).not.toContain('content:news sections in the menu');
    const story = (t: string, i: number): string => `<article><h3><a href="/story-${i}">${t}</a></h3></article>`;
    const headlines = [
      'Rail strike halts trains across the north',
      'Council approves the new river bridge plan',
      'Heat wave brings record power demand today',
      'Local team wins the regional cup final',
      'Museum reopens after a two year restoration',
    ];
    expect(signs(headlines.map(story).join(''))).toContain('content:headlines as links');
    // A shop's product names are short, and headings without a link are a page's own sections.
    expect(
      signs(['Blue linen shirt', 'Red wool scarf', 'Green rain coat', 'Black leather belt', 'White cotton socks'].map(story).join('')),
    ).not.toContain('content:headlines as links');
    expect(signs(headlines.map((t) => `<h3>${t}</h3>`).join(''))).not.toContain('content:headlines as links');
  });

  test("a home page clear about its type types the site; an unclear one is pooled with the page's signs", () => {
    const none: SiteTypeEvidence = { ecommerce: [], local: [], b2b: [], content: [], docs: [], nonprofit: [] };
    const shopHome: SiteTypeEvidence = {
      ...none,
      ecommerce: [
        ['Product markup', 1],
        ['og:type product', 1],
        ['add-to-cart button', 1],
      ],
    };
    const wholesaleForm: SiteTypeEvidence = {
      ...none,
      b2b: [
        ['lead form asking for the company', 1],
        ['business vocabulary', 1],
        ['pricing link', 1],
      ],
    };
    expect(decideSiteType(shopHome).confidence).toBeGreaterThanOrEqual(0.9);
    expect(decideWithHome([wholesaleForm], shopHome).siteType).toBe('ecommerce');
    // A home page that says nothing clear leaves the decision to every page's signs together.
    expect(decideWithHome([wholesaleForm], none)).toEqual(decideSiteType([wholesaleForm, none]));
    expect(decideWithHome([wholesaleForm], undefined)).toEqual(decideSiteType([wholesaleForm]));
  });

  test("a gym's branches, their hours and its phone outweigh its membership plans priced per month", () => {
    expect(
      typeOf(
        `<h1>Fitness Pal</h1><div><p>Gold</p><p>$49 /month</p></div><div><p>Classic</p><p>$29 /month</p></div>
         <h2>Our locations</h2><p>3822 Airport Blvd, Austin. Hours: 9AM-7PM daily</p><p>6318 Burnet Rd, Austin. Hours: 9AM-7PM daily</p>
         <a href="tel:+15125550100">(512) 555-0100</a>`,
      ),
    ).toBe('local');
  });
});

describe('site-type word lists in the languages the scan sees', () => {
  beforeAll(() => void parseWithGo('', URL), 120_000);

  test("a charity's cause and status read in Portuguese, Spanish, French, German and Italian as in English", () => {
    expect(signs('<h1>VôLuntar</h1><h2>Uma organização não governamental</h2>')).toContain('nonprofit:cause vocabulary');
    expect(signs('<h1>Seja voluntário</h1>')).toContain('nonprofit:cause vocabulary');
    expect(signs('<h1>Manos</h1><p>Somos una asociación sin fines de lucro.</p>')).toContain('nonprofit:charity statement');
    expect(signs('<h1>Aide</h1><p>Association à but non lucratif.</p>')).toContain('nonprofit:charity statement');
    expect(signs('<h1>Hilfe</h1><p>Ein gemeinnütziger Verein.</p>')).toContain('nonprofit:charity statement');
    expect(signs('<h1>Aiuto</h1><p>Associazione senza scopo di lucro.</p>')).toContain('nonprofit:charity statement');
    // A word that only contains a translation is not it: "fundações" is no "fundação", "songs" no "ong".
    expect(signs('<h1>Songs about fundações</h1>')).not.toContain('nonprofit:cause vocabulary');
  });

  test('a menu of news sections, a plan per month and a résumé read in other languages', () => {
    const menu = (items: string[]): string => `<nav>${items.map((t, i) => `<a href="/s${i}">${t}</a>`).join('')}</nav><h1>Diário</h1>`;
    expect(signs(menu(['Política', 'Economia', 'Esportes', 'Cultura']))).toContain('content:news sections in the menu');
    expect(signs(menu(['Inicio', 'Servicios', 'Contacto', 'Nosotros']))).not.toContain('content:news sections in the menu');
    expect(signs('<h1>Notícias</h1>')).toContain('content:blog or news in the headings');
    // A translation with a common second sense is left out: German "Artikel" and Spanish "artículos" are a shop's goods too.
    expect(signs('<h1>Alle Artikel</h1>')).not.toContain('content:blog or news in the headings');
    expect(signs('<h1>Artículos deportivos</h1>')).not.toContain('content:blog or news in the headings');
    expect(signs('<h1>Soy milk, oat milk</h1>')).not.toContain('b2b:personal site');
    const resume = '<h1>Ana Souza</h1><h2>Experiência profissional</h2><h2>Formação</h2><h2>Competências</h2>';
    expect(signs(resume)).toContain('b2b:personal site');
  });

  test("a venue's hours and bookings, a blog's bylines and post ages, read in other languages", () => {
    expect(signs('<h1>Bäckerei Korn</h1><p>Mo - Fr geöffnet, Sa bis Mittag</p>')).toContain('local:opening hours');
    expect(signs('<h1>Padaria</h1><p>Horário de funcionamento: todos os dias</p>')).toContain('local:opening hours');
    expect(signs('<h1>Trattoria</h1><p>Chiamaci per una prenotazione.</p>')).toContain('local:bookings');
    expect(signs('<h1>Trattoria</h1><p>La nostra storia.</p>')).not.toContain('local:bookings');
    expect(signs('<h1>Blog</h1><p>Publié par Marie</p>')).toContain('content:byline');
    expect(signs('<h1>Blog</h1><p>Publicado hace 2 días</p><p>Publicado hace 3 horas</p>')).toContain('content:post ages');
    expect(signs('<h1>Blog</h1><p>2 giorni fa</p><p>una settimana fa</p>')).toContain('content:post ages');
    // One age is any page's ("fondata 20 anni fa"); a feed dates several.
    expect(signs('<h1>Blog</h1><p>Publicado hace 2 días</p>')).not.toContain('content:post ages');
  });

  test("a business's addresses, a shop's quantity field and a lead form, as other languages write them", () => {
    expect(signs('<h1>Padaria</h1><p>Rua das Flores, 45</p><p>Avenida Paulista 1578</p>')).toContain('local:several addresses');
    expect(signs('<h1>Bäckerei</h1><p>Hauptstraße 5, Berlin</p>')).toContain('local:address');
    expect(signs('<h1>Caffè</h1><p>Via Roma, 12</p>')).toContain('local:address');
    // "via" is an English word: only Italian's capitalised street is an address.
    expect(signs('<h1>Acme</h1><p>Reach us via email 24 hours a day.</p>')).not.toContain('local:address');
    expect(signs('<h1>Boutique</h1><form><input name="quantite"><button>Ajouter</button></form>')).toContain('ecommerce:quantity field');
    expect(
      signs('<h1>Acme</h1><form><label>Empresa <input name="empresa"></label><label>Teléfono <input name="telefono"></label></form>'),
    ).toContain('b2b:lead form asking for the company');
  });
});
