import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';
import { startFixtureSite, type FixtureSite } from '../helpers/scan-fixture-site';
import { visit } from './analytics/helpers';

const REFUSED = 'This address points to a private or reserved network and cannot be scanned.';

let site: FixtureSite;
/** The fixture site is on the allow-list; shop-fixture.test is pinned to it. */
let allowed: TestServer;
/** Production settings: no allow-list; a small rate limit. */
let strict: TestServer;

beforeAll(async () => {
  site = await startFixtureSite();
  [allowed, strict] = await Promise.all([
    startPocketBase({
      env: {
        CRO_SCAN_ALLOW_HOSTS: site.hostPort,
        CRO_SCAN_RESOLVE: `shop-fixture.test=${site.hostPort},maker-fixture.test=${site.hostPort}`,
        CRO_SCAN_RATE_LIMIT: '1000',
        // The analytics source test sends a visit of 45 days ago, as a server accepting late events would take it.
        CRO_COLLECT_MAX_AGE_DAYS: '60',
      },
    }),
    startPocketBase({ env: { CRO_SCAN_RATE_LIMIT: '4' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([allowed?.stop(), strict?.stop()]);
  await site?.stop();
});

/** The fields of the scan answers that the tests read. */
interface ScanBody {
  message?: string;
  optimizations: Array<{ id: string }>;
  totalFindings: number;
  [field: string]: unknown;
}
interface SiteScanBody {
  limit: number;
  pages: Array<{ url: string; role: string }>;
  opportunities: Array<{ id: string; title: string; description: string; page?: string; pageRole?: string }>;
  totalFindings: number;
  lockedCount: number;
  sources: string[];
}

async function scan(server: TestServer, url: unknown): Promise<{ status: number; body: ScanBody }> {
  const res = await fetch(`${server.url}/api/cro/scan`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ url }),
  });
  return { status: res.status, body: await res.json() };
}

async function scanCount(server: TestServer): Promise<number> {
  return (await server.admin.collection('scans').getList(1, 1)).totalItems;
}

describe('the public scan refuses addresses of private networks', () => {
  it.each([
    ['http://127.0.0.1/'],
    ['http://10.0.0.1/'],
    ['http://169.254.169.254/latest/meta-data/'],
    ['http://[::1]/'],
    ['http://[::ffff:127.0.0.1]/'],
    ['http://[fd00:ec2::254]/'],
    ['http://100.64.0.1/'],
    ['http://localhost/'],
  ])('%s', async (url) => {
    const res = await scan(strict, url);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(REFUSED);
  });

  it('refuses the fixture server itself when the allow-list is off', async () => {
    const res = await scan(strict, `${site.origin}/shop/`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Only websites on the standard ports (80 and 443) can be scanned.');
  });

  it.each([['/to-private'], ['/to-metadata'], ['/to-localhost']])(
    'refuses a redirect from an allowed site to a private address (%s)',
    async (path) => {
      const before = await scanCount(allowed);
      const res = await scan(allowed, `${site.origin}${path}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(REFUSED);
      expect(await scanCount(allowed)).toBe(before);
    },
  );

  it('rejects bad input with a 400 and stores nothing', async () => {
    for (const url of [undefined, '', '   ', 42, 'ftp://example.com/', 'javascript:alert(1)', 'https://user:pw@example.com/']) {
      const res = await scan(strict, url);
      expect(res.status, String(url)).toBe(400);
      expect(res.body.message).toMatch(/URL/);
    }
    const raw = await fetch(`${strict.url}/api/cro/scan`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{not json',
    });
    expect(raw.status).toBe(400);
    expect(await scanCount(strict)).toBe(0);
  });
});

describe('the public scan of a real page', () => {
  it('returns the audit of the fetched page: findings, site type, lift and count', async () => {
    const res = await scan(allowed, `${site.origin}/weak-landing/`);
    expect(res.status).toBe(200);
    const body = res.body;
    // "A company that does many things" with a form asking for the company: one sign of lead
    // generation on a page whose words name no kind of business is too little for the site-type
    // model (fitted with the word model's sign, it asks for more), so it is a General website,
    // whose findings estimate no lift. (Its phone number alone is no local business's either.)
    expect(body).toMatchObject({ siteType: 'general', siteTypeLabel: 'General website', cached: false });
    expect(body.optimizations).toHaveLength(10);
    expect(body.totalFindings).toBeGreaterThanOrEqual(20);
    expect(body.moreCount).toBe(body.totalFindings - 10);
    expect(body.expectedLift).toBe('Not estimated');
    // Its 'Submit' button is a call to action (reported as vague), so 'cta-missing' is not among them.
    expect(body.optimizations.map((o: { id: string }) => o.id)).toEqual(
      expect.arrayContaining(['copy-no-title', 'mobile-no-viewport', 'form-too-many-fields']),
    );
    expect(body.opportunities).toHaveLength(3);
    // The scripts were measured by size with the same guarded fetcher (HEAD requests).
    expect(site.hits.get('/assets/jquery.js')).toBeGreaterThanOrEqual(1);
  });

  it('detects a shop from its page and finds shop problems', async () => {
    const res = await scan(allowed, `${site.origin}/shop/`);
    expect(res.body).toMatchObject({ siteType: 'ecommerce', siteTypeLabel: 'E-commerce' });
    const local = await scan(allowed, `${site.origin}/local-business/`);
    expect(local.body).toMatchObject({ siteType: 'local', siteTypeLabel: 'Local Business' });
    expect(local.body.optimizations.map((o: { id: string }) => o.id)).toContain('mobile-no-tap-to-call');
  });

  it('caches a URL for 10 minutes: the site is fetched once and the scan stored once without personal data', async () => {
    const url = `${site.origin}/strong-landing/`;
    const first = await scan(allowed, url);
    const second = await scan(allowed, `${url}#again`);
    expect(first.body.cached).toBe(false);
    expect(second.body.cached).toBe(true);
    expect(second.body.optimizations).toEqual(first.body.optimizations);
    expect(site.hits.get('/strong-landing/')).toBe(1);
    const rows = await allowed.admin.collection('scans').getFullList({ filter: `url = "${url}"` });
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!).sort()).toEqual(
      [
        'collectionId',
        'collectionName',
        'created_at',
        'duration_ms',
        'final_url',
        'html_bytes',
        'id',
        'lift_max',
        'lift_min',
        'result',
        'site_id',
        'site_type',
        'source',
        'total',
        'url',
      ].sort(),
    );
    expect(rows[0]).toMatchObject({ source: 'public', site_type: 'b2b', site_id: '' });
  });

  it('stores the scanned URL without its query string or fragment', async () => {
    const res = await scan(allowed, `${site.origin}/weak-landing/?email=jane%40example.com&token=s3cret#signup`);
    expect(res.status).toBe(200);
    const rows = await allowed.admin.collection('scans').getFullList({ filter: `url ~ "weak-landing"` });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const stored = JSON.stringify(row);
      expect(stored).not.toContain('jane');
      expect(stored).not.toContain('s3cret');
      expect(row.url).toBe(`${site.origin}/weak-landing/`);
    }
  });

  it('gives a page the same site type with and without a campaign query string, and caches it under the clean URL', async () => {
    // 'shop' in a campaign parameter once made this page an online shop, and the cache then served
    // that type for the clean URL. (Its own words show no kind of site: it is a General website; its
    // prose with no button, form or price at an inner path reads as an article.)
    const tagged = await scan(allowed, `${site.origin}/b2b/?utm_campaign=shop-sale&utm_source=local-cafe`);
    expect(tagged.body).toMatchObject({ siteType: 'general', pageType: 'article', cached: false });
    const clean = await scan(allowed, `${site.origin}/b2b/`);
    expect(clean.body).toMatchObject({ siteType: 'general', cached: true });
    expect(site.hits.get('/b2b/')).toBe(1);
    const rows = await allowed.admin.collection('scans').getFullList({ filter: `url = "${site.origin}/b2b/"` });
    expect(rows.map((r) => r.site_type)).toEqual(['general']);
  });

  it("types an inner page's site from the site's home page too, and says so; the page keeps its own page type", async () => {
    // The same contact page (a firm's: no shop's sign): alone at the loopback address (no home page
    // there), then as a page of shop-fixture.test, whose home page is the shop.
    const alone = await scan(allowed, `${site.origin}/contact`);
    expect(alone.body).toMatchObject({ siteType: 'b2b', pageType: 'contact' });
    expect(alone.body.siteTypeHome).toBeUndefined();
    const homeHits = site.hits.get('/') ?? 0;
    const inner = await scan(allowed, 'http://shop-fixture.test/contact');
    expect(inner.body).toMatchObject({ siteType: 'ecommerce', pageType: 'contact', siteTypeHome: 'http://shop-fixture.test/' });
    expect(site.hits.get('/')).toBe(homeHits + 1);
    const rows = await allowed.admin.collection('scans').getFullList({ filter: 'url = "http://shop-fixture.test/contact"' });
    expect(rows.map((r) => r.site_type)).toEqual(['ecommerce']);
  });

  it('keeps scans server-only', async () => {
    await expect(allowed.anonymous().collection('scans').getList()).rejects.toMatchObject({ status: 403 });
    const user = await allowed.createUser();
    await expect(user.client.collection('scans').getList()).rejects.toMatchObject({ status: 403 });
  });

  it.each([
    ['/data.json', 'This address did not return an HTML page, so there is nothing to scan.'],
    ['/huge', 'This page is larger than 2 MB, the most we can scan.'],
    ['/missing', 'The website answered with HTTP status 404, so there was no page to scan.'],
  ])('explains why %s cannot be scanned', async (path, message) => {
    const res = await scan(allowed, `${site.origin}${path}`);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(message);
  });
});

describe('the rate limit', () => {
  it('allows CRO_SCAN_RATE_LIMIT scans per client and window, then answers 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await scan(strict, 'http://localhost/')).status);
    // The strict server counted one scan of localhost in the first describe block.
    expect(statuses).toEqual([400, 400, 400, 429, 429, 429]);
    const res = await scan(strict, 'http://localhost/');
    expect(res.body.message).toBe('Too many scans from your network. Please wait a few minutes and try again.');
    // Malformed input is not counted (the 400s above came first), but once over the limit the
    // client is refused before its body is read.
    expect((await scan(strict, '')).status).toBe(429);
  });
});

describe('the dashboard site scan', () => {
  async function siteScan(client: PocketBase, siteId: string) {
    return client.send<SiteScanBody>('/api/cro/site-scan', { method: 'POST', body: { siteId } });
  }

  it('scans the site domain; a free site sees 3 with the total, a paid one up to 30', async () => {
    const owner = await allowed.createUser();
    const s = await owner.client.collection('sites').create({ user_id: owner.record.id, domain: 'shop-fixture.test' });
    const free = await siteScan(owner.client, s.id);
    expect(free).toMatchObject({ siteType: 'ecommerce', siteTypeLabel: 'E-commerce', limit: 3, url: 'http://shop-fixture.test/' });
    expect(free.opportunities).toHaveLength(3);
    expect(free.totalFindings).toBeGreaterThan(3);
    expect(free.lockedCount).toBe(free.totalFindings - 3);
    expect(free.sources).toEqual(['website audit']);

    await allowed.admin.collection('sites').update(s.id, { plan_tier: 'growth' });
    const paid = await siteScan(owner.client, s.id);
    expect(paid.limit).toBe(30);
    expect(paid.opportunities).toHaveLength(Math.min(30, free.totalFindings));
    expect(paid.lockedCount).toBe(0);
    expect(paid.opportunities.slice(0, 3)).toEqual(free.opportunities);
    // The home page, the listing it links to and a product of that listing: one stored scan each.
    const stored = await allowed.admin.collection('scans').getFullList({ filter: `site_id = "${s.id}"` });
    expect(stored).toHaveLength(3);
  });

  it('reads the home page, a listing and a product found by links, and says on which page each finding is', async () => {
    const owner = await allowed.createUser();
    const s = await owner.client.collection('sites').create({ user_id: owner.record.id, domain: 'shop-fixture.test' });
    await allowed.admin.collection('sites').update(s.id, { plan_tier: 'growth' });
    const res = await siteScan(owner.client, s.id);
    expect(res.pages.map((p) => p.role)).toEqual(['home', 'category', 'product']);
    expect(res.pages[1]!.url).toBe('http://shop-fixture.test/collections/shirts');
    const product = res.pages[2]!.url;
    expect(product).toMatch(/^http:\/\/shop-fixture\.test\/products\/[a-z-]+$/);
    for (const f of res.opportunities) expect(res.pages.map((p) => p.url)).toContain(f.page);
    // Each check once, on the first page where it failed; the product page's own problems are there.
    expect(new Set(res.opportunities.map((f) => f.id)).size).toBe(res.opportunities.length);
    expect(res.opportunities.some((f) => f.pageRole === 'product')).toBe(true);
    expect(site.hits.get(product.replace('http://shop-fixture.test', ''))).toBeGreaterThan(0);
  });

  it("types the site from all the pages it reads: a maker's home page says little, its shop page is a shop's", async () => {
    const owner = await allowed.createUser();
    const s = await owner.client.collection('sites').create({ user_id: owner.record.id, domain: 'maker-fixture.test' });
    // The home page alone is a General website (the public scan's answer)...
    expect((await scan(allowed, 'http://maker-fixture.test/')).body).toMatchObject({ siteType: 'general' });
    const res = await siteScan(owner.client, s.id);
    // ...and with the listing and the product it links to, a shop, whose pages are all judged as a shop's.
    expect(res.pages.map((p) => p.role)).toEqual(['home', 'category', 'product']);
    expect(res).toMatchObject({ siteType: 'ecommerce', siteTypeLabel: 'E-commerce', url: 'http://maker-fixture.test/' });
    const stored = await allowed.admin.collection('scans').getFullList({ filter: `site_id = "${s.id}"`, sort: '-created_at' });
    const latest = new Map<string, string>();
    for (const r of stored) if (!latest.has(r.url)) latest.set(r.url, r.site_type);
    expect([...latest.values()]).toEqual(['ecommerce', 'ecommerce', 'ecommerce']);
  });

  it('adds analysed documents as a source', async () => {
    const owner = await allowed.createUser();
    const s = await owner.client.collection('sites').create({ user_id: owner.record.id, domain: 'shop-fixture.test' });
    await allowed.admin.collection('documents').create({
      site_id: s.id,
      user_id: owner.record.id,
      file_name: 'survey.pdf',
      analysis_status: 'completed',
      analysis_result: { recommendations: ['Show delivery dates on the product page'] },
    });
    await allowed.admin.collection('sites').update(s.id, { plan_tier: 'growth' });
    const res = await siteScan(owner.client, s.id);
    expect(res.sources).toEqual(['website audit', 'analysed documents']);
    expect(res.opportunities.map((o: { title: string }) => o.title)).toContain('Show delivery dates on the product page');
  });

  it('adds the site analytics of the last 30 days as a source', async () => {
    const owner = await allowed.createUser();
    const s = await owner.client.collection('sites').create({ user_id: owner.record.id, domain: 'shop-fixture.test' });
    await allowed.admin.collection('sites').update(s.id, { plan_tier: 'growth' });
    await owner.client.collection('goals').create({ site_id: s.id, name: 'Purchase', type: 'event', match: 'purchase', enabled: true });
    // Through the collect endpoint: 100 sessions in the window, 75 of one page (bounces), one
    // converting twice; 20 sessions 45 days ago, all converting, that must not count.
    const now = Date.now();
    const session = (at: number, pages: number, purchases = 0) => {
      const events: object[] = [];
      for (let p = 0; p < pages; p++) events.push({ t: 'pv', ts: at + p * 1000, p: `/page-${p}` });
      for (let b = 0; b < purchases; b++) events.push({ t: 'ev', ts: at + 5000 + b, p: '/page-1', n: 'purchase', val: 10 });
      return events;
    };
    const visits = [
      ...Array.from({ length: 75 }, () => session(now - 60_000, 1)),
      ...Array.from({ length: 24 }, () => session(now - 60_000, 2)),
      session(now - 60_000, 2, 2),
      ...Array.from({ length: 20 }, () => session(now - 45 * 86_400_000, 2, 1)),
    ];
    await Promise.all(visits.map((events) => visit(allowed, s.public_key as string, events, { origin: 'https://shop-fixture.test' })));
    const res = await siteScan(owner.client, s.id);
    expect(res.sources).toEqual(['website audit', 'site analytics']);
    const byTitle = new Map(res.opportunities.map((o: { title: string; description: string }) => [o.title, o.description]));
    expect(byTitle.get('Reduce the high bounce rate')).toContain('75.0% of sessions');
    expect(byTitle.get('Lift a conversion rate below 2%')).toContain('Only 1.00% of sessions converted');
  });

  it('is for members of the site only', async () => {
    const owner = await allowed.createUser();
    const stranger = await allowed.createUser();
    const s = await owner.client.collection('sites').create({ user_id: owner.record.id, domain: 'shop-fixture.test' });
    await expect(siteScan(stranger.client, s.id)).rejects.toMatchObject({ status: 404, response: { message: 'No site found.' } });
    await expect(siteScan(owner.client, 'nope')).rejects.toMatchObject({ status: 404 });
    await expect(siteScan(allowed.anonymous(), s.id)).rejects.toMatchObject({ status: 401 });
  });
});
