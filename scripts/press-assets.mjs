// Regenerates the binary press assets from their sources with Debian's Chromium:
// public/press/upliftly-logo.png (from the SVG logo), public/og-image.png (social card) and
// public/press/upliftly-fact-sheet.pdf (from content/company.json). Run: node scripts/press-assets.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const root = new URL('..', import.meta.url);
const read = (p) => readFileSync(new URL(p, root), 'utf8');
const company = JSON.parse(read('content/company.json'));
const logoSvg = read('public/press/upliftly-logo.svg');
const font = 'font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif';

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
const page = await browser.newPage();

await page.setViewportSize({ width: 1200, height: 360 });
await page.setContent(`<body style="margin:0;background:transparent">${logoSvg}</body>`);
writeFileSync(new URL('public/press/upliftly-logo.png', root), await page.locator('svg').screenshot({ omitBackground: true }));

await page.setViewportSize({ width: 1200, height: 630 });
await page.setContent(`<body style="margin:0;${font}"><div style="width:1200px;height:630px;box-sizing:border-box;padding:80px;background:linear-gradient(135deg,#4338ca,#1e1b4b);color:#fff;display:flex;flex-direction:column;justify-content:space-between">
  <div style="font-size:36px;font-weight:800">▮ ${company.name}</div>
  <div><div style="font-size:68px;font-weight:800;line-height:1.05;letter-spacing:-1px">Turn more of your visitors<br>into paying customers</div>
  <div style="margin-top:28px;font-size:30px;color:#c7d2fe">AI-driven conversion optimization without code · 247% average ROI</div></div></div></body>`);
writeFileSync(new URL('public/og-image.png', root), await page.screenshot());

const facts = [
  ['Company', `${company.legalName}, a Swedish limited company`],
  ['Founded', company.founded],
  ['Headquarters', `${company.street}, ${company.postalCode} ${company.city}, ${company.country}`],
  [
    'Product',
    `${company.tagline}: measure real visitors, find what costs conversions, change the site without code, roll back automatically.`,
  ],
  ['Customers', '500+ active businesses, from startups to enterprise'],
  ['Results', '247% average ROI · $2.4M+ additional revenue · first results in under 48 hours'],
  ['Performance', 'Under 50ms overhead · 330 global CDN locations · 99.98% uptime'],
  ['Pricing', 'Free $0 · Starter $79/month · Growth $299/month · Enterprise & Ecom $990/month · Custom Enterprise'],
  ['Contact', `${company.email} · press: ${company.pressEmail}`],
];
await page.setContent(`<body style="${font};color:#0f172a;padding:48px">${logoSvg.replace('width="1200" height="360"', 'width="300" height="90"')}
  <h1 style="font-size:28px;margin:24px 0 8px">Company fact sheet</h1><p style="color:#475569;margin:0 0 24px">${company.tagline}</p>
  <table style="border-collapse:collapse;width:100%;font-size:14px">${facts.map(([k, v]) => `<tr><th style="text-align:left;vertical-align:top;padding:10px 16px 10px 0;border-bottom:1px solid #e2e8f0;width:140px">${k}</th><td style="padding:10px 0;border-bottom:1px solid #e2e8f0">${v}</td></tr>`).join('')}</table></body>`);
writeFileSync(new URL('public/press/upliftly-fact-sheet.pdf', root), await page.pdf({ format: 'A4', printBackground: true }));

await browser.close();
console.log('press assets written');
