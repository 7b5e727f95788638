import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

// The event tables belong to the Go analytics package (its store is the only code that knows
// their schema); hooks read them through $analytics. SQL on them in a hook would break silently,
// at run time, when the Go side changes.

const ROOT = resolve(import.meta.dirname, '../..');
const HOOKS = join(ROOT, 'pocketbase/pb_hooks');

/** The table names, from the Go package's EventTables. */
function eventTables(): string[] {
  const src = readFileSync(join(ROOT, 'pocketbase/eventstore/sqlite/tables.go'), 'utf8');
  const list = /var EventTables = \[\]string\{([^}]*)\}/.exec(src);
  if (!list?.[1]) throw new Error('EventTables not found in pocketbase/eventstore/sqlite/tables.go');
  return [...list[1].matchAll(/"([a-z_]+)"/g)].map((m) => m[1] ?? '');
}

/** The text of every string and template literal of a script, in source order (comments are not literals). */
function literals(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) out.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/** The event tables a script names in SQL: in one literal, or across two joined ones ('FROM ' + 'events'). */
function eventSqlIn(fileName: string, source: string, tables: string[]): string[] {
  const sqlRef = new RegExp(`\\b(?:from|join|into|update|table)\\s+["'\`]?(${tables.join('|')})\\b`, 'gi');
  const texts = literals(fileName, source);
  const found = new Set<string>();
  texts.forEach((text, i) => {
    for (const candidate of [text, text + (texts[i + 1] ?? '')]) {
      for (const m of candidate.matchAll(sqlRef)) found.add((m[1] ?? '').toLowerCase());
    }
  });
  return [...found];
}

function hookFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return hookFiles(path);
    return /\.(js|ts)$/.test(entry.name) ? [path] : [];
  });
}

test('the event tables are read from the Go package', () => {
  const tables = eventTables();
  expect(tables).toContain('events');
  expect(tables).toContain('analytics_daily');
  expect(tables.length).toBeGreaterThanOrEqual(5);
});

test('the check finds event-table SQL and leaves comments and collection names alone', () => {
  const tables = eventTables();
  const flagged = (src: string) => eventSqlIn('sample.js', src, tables);
  expect(flagged("app.db().newQuery('SELECT COUNT(*) AS n FROM events WHERE site_id = {:site}')")).toEqual(['events']);
  expect(flagged('q(`SELECT SUM(sessions) FROM analytics_daily WHERE day >= ${since}`)')).toEqual(['analytics_daily']);
  expect(flagged("q('DELETE FROM ' + 'sessions WHERE started_at < {:c}')")).toEqual(['sessions']);
  expect(flagged('q("select day from analytics_pages")')).toEqual(['analytics_pages']);
  expect(flagged("// derived from events, read FROM events in Go\napp.findRecordsByFilter('sessions', 'site_id = {:s}')")).toEqual([]);
  expect(flagged("app.db().newQuery('SELECT id FROM sites')")).toEqual([]);
});

test('no file under pocketbase/pb_hooks reads or writes an event table with SQL', () => {
  const tables = eventTables();
  const files = hookFiles(HOOKS);
  expect(files.length).toBeGreaterThan(10);
  const offenders = files
    .map((path) => ({ file: relative(ROOT, path), tables: eventSqlIn(path, readFileSync(path, 'utf8'), tables) }))
    .filter((f) => f.tables.length > 0);
  expect(offenders, 'use $analytics (pocketbase/pb_hooks/types/analytics.d.ts) instead').toEqual([]);
});
