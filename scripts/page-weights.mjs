// Prints the JavaScript each built page loads: every <script src> and every island's component
// and renderer URL, followed through their static imports, raw and gzip bytes. Inline scripts
// are counted too. Run after a build: npm run weights
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = new URL('../dist/', import.meta.url).pathname;
if (!existsSync(join(DIST, 'index.html'))) {
  console.error('dist/ has no build: run `astro build` first.');
  process.exit(1);
}

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '_astro' ? [] : htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/** A JS file plus everything it imports statically, as a set of dist-relative paths. */
function withImports(file, seen = new Set()) {
  if (seen.has(file) || !existsSync(join(DIST, file))) return seen;
  seen.add(file);
  const code = readFileSync(join(DIST, file), 'utf8');
  for (const m of code.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) {
    const target = new URL(m[1], `file:///${file}`).pathname.slice(1);
    withImports(target, seen);
  }
  return seen;
}

const rows = [];
for (const file of htmlFiles(DIST).sort()) {
  const html = readFileSync(file, 'utf8');
  const urls = new Set(
    [
      ...[...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]),
      ...[...html.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)].map((m) => m[1]),
    ].filter((u) => u.startsWith('/')),
  );
  const jsFiles = new Set();
  for (const u of urls) withImports(u.slice(1), jsFiles);
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .join('');
  const code = [...jsFiles].map((f) => readFileSync(join(DIST, f))).concat(Buffer.from(inline));
  const raw = code.reduce((n, b) => n + b.length, 0);
  const gzip = code.reduce((n, b) => n + (b.length ? gzipSync(b).length : 0), 0);
  const page =
    '/' +
    relative(DIST, file)
      .replace(/(^|\/)index\.html$/, '')
      .replace(/\.html$/, '');
  rows.push({ page, files: jsFiles.size, raw, gzip, inline: Buffer.byteLength(inline) });
}

const kb = (n) => (n / 1024).toFixed(1).padStart(7);
console.log(`${'page'.padEnd(24)} ${'files'.padStart(5)} ${'raw KB'.padStart(7)} ${'gzip KB'.padStart(7)} ${'inline B'.padStart(8)}`);
for (const r of rows)
  console.log(`${r.page.padEnd(24)} ${String(r.files).padStart(5)} ${kb(r.raw)} ${kb(r.gzip)} ${String(r.inline).padStart(8)}`);
