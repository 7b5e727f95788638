/**
 * Site-type signs read from a page's layout (src/lib/audit/site-type-layout.ts), on small pages
 * written for the purpose: each sign fires on the layout it reads and not on its look-alikes.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { auditPage, computeSignals, siteTypeEvidence } from '../../src/lib/audit';
import { parseWithGo } from '../helpers/audit-pages';

const URL = 'https://fixture.example/';
const html = (body: string, head = ''): string =>
  `<!doctype html><html lang="en"><head><title>Northwind</title>${head}</head><body>${body}</body></html>`;
/** The signs of each type on the page, as 'type:sign'. */
const signs = (body: string, head = ''): string[] => {
  const page = parseWithGo(html(body, head), URL);
  return Object.entries(siteTypeEvidence(URL, page, computeSignals(page))).flatMap(([t, list]) => list.map(([n]) => `${t}:${n}`));
};
const typeOf = (body: string, head = ''): string => auditPage(parseWithGo(html(body, head), URL)).siteType;

describe('site-type signs from the layout', () => {
  beforeAll(() => void parseWithGo('', URL), 120_000);

  test("a publication's feed, comments and post pagination are content signs", () => {
    expect(signs('<h1>Notes</h1>', '<link rel="alternate" type="application/rss+xml" href="/feed.xml">')).toContain('content:feed link');
    expect(signs('<h1>Notes</h1>', '<link rel="alternate" hreflang="de" href="/de/">')).not.toContain('content:feed link');
    expect(signs('<h1>A post</h1><h3>3 Comments</h3><p>Nice.</p>')).toContain('content:comments');
    expect(signs('<h1>A post</h1><form><textarea name="comment"></textarea><button>Post</button></form>')).toContain('content:comments');
    expect(signs('<h1>Blog</h1><a href="/page/2">Older Posts →</a>')).toContain('content:post pagination');
    expect(signs('<h1>A post</h1>', '<meta property="article:published_time" content="2024-03-01">')).toContain(
      'content:publication date markup',
    );
  });

  test("a blog's sidebar needs two of its widgets: a footer's lone 'Recent posts' is any template's", () => {
    expect(signs('<h1>Blog</h1><aside><h4>Categories</h4><h4>Tags</h4></aside>')).toContain('content:archive sidebar');
    expect(signs('<h1>Plumbing</h1><footer><h2>Recent Posts</h2></footer>')).not.toContain('content:archive sidebar');
  });

  test("a manual's version in its navigation, its 'On this page' index and its docs search are docs signs", () => {
    expect(signs('<nav><a href="/">Home</a><a href="/v2/">v2.4.1</a></nav><h1>Install</h1>')).toContain('docs:version in the navigation');
    // A release number in a post's text is no version switch.
    expect(signs('<h1>Release</h1><main><a href="/notes">2.4.1</a></main>')).not.toContain('docs:version in the navigation');
    expect(signs('<h1>Install</h1><h2>On this page</h2>')).toContain("docs:'On this page' index");
    expect(signs('<form role="search"><input type="search" placeholder="Search the docs"></form><h1>API</h1>')).toContain(
      'docs:documentation search',
    );
  });

  test('a donation form, a raised-of-goal bar and a volunteer call are non-profit signs', () => {
    expect(
      signs(`<h1>Clean water</h1><form><label>Amount <input name="amount" type="number"></label><button>Donate</button></form>`),
    ).toContain('nonprofit:donation form');
    // An amount field in a shop's form is no donation.
    expect(signs(`<h1>Gift cards</h1><form><label>Amount <input name="amount"></label><button>Buy</button></form>`)).not.toContain(
      'nonprofit:donation form',
    );
    // The same in German, and an English budget field that only begins like German's "Spende".
    expect(signs(`<h1>Hilfe</h1><form><label>Betrag <input name="betrag"></label><button>Jetzt spenden</button></form>`)).toContain(
      'nonprofit:donation form',
    );
    expect(
      signs(`<h1>Ads</h1><form><label>Amount <input name="amount"></label><label>Monthly spend <input name="spend"></label></form>`),
    ).not.toContain('nonprofit:donation form');
    expect(signs('<h1>Causes</h1><p>Raised: $12,000 of our goal of $20,000</p>')).toContain('nonprofit:raised of goal');
    expect(signs('<h1>Join us</h1><a class="btn" href="/volunteer">Become a Volunteer</a>')).toContain('nonprofit:volunteer call');
  });

  test('struck-through sale prices, directions and a monthly/yearly switch weigh for shops, venues and software', () => {
    const sale = '<h1>Sale</h1><div><del>$40.00</del> <span>$30.00</span></div><div><del>$20.00</del> <span>$15.00</span></div>';
    expect(signs(sale)).toContain('ecommerce:sale prices');
    // Plans discounted for a yearly payment are no shop's sale.
    expect(signs('<h1>Plans</h1><div><del>$20/month</del> $16/month</div><div><del>$40/month</del> $32/month</div>')).not.toContain(
      'ecommerce:sale prices',
    );
    expect(signs('<h1>Trattoria</h1><a href="https://www.google.com/maps/dir/?api=1&destination=x">Get directions</a>')).toContain(
      'local:directions',
    );
    expect(signs('<h1>Pricing</h1><button>Monthly</button><button>Yearly</button>')).toContain('b2b:monthly or yearly billing');
  });

  test('the signs decide a type only together: one layout sign alone is not enough', () => {
    // A fundraiser: a donation form and its progress toward a goal.
    expect(
      typeOf(
        `<h1>Clean water for Kisumu</h1><p>Raised $12,000 of our $20,000 goal.</p>
         <form><label>Donation amount <input name="amount"></label><button>Donate now</button></form>`,
      ),
    ).toBe('nonprofit');
    // One sign of a manual's or a blog's layout alone is not enough to call a page documentation or a blog.
    expect(typeOf('<h1>Northwind</h1><h2>On this page</h2>')).toBe('general');
    expect(typeOf('<h1>Northwind</h1><a href="/page/2">Older posts</a>')).toBe('general');
    // A blog: its feed, its archive widgets, its comments and its pagination.
    expect(
      typeOf(
        '<h1>Field notes</h1><h3>3 Comments</h3><aside><h4>Categories</h4><h4>Archives</h4></aside><a href="/page/2">Older posts</a>',
        '<link rel="alternate" type="application/rss+xml" href="/feed.xml">',
      ),
    ).toBe('content');
  });
});
