/**
 * A title that names only the kind of site its template shows ("Gym Website") is the template's
 * default title; a title that names a business or a person beside its kind is a real one.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { auditPage, type AuditResult } from '../../src/lib/audit';
import { namesOnlyItsKind } from '../../src/lib/audit/kind-title';
import { parseWithGo } from '../helpers/audit-pages';

const parts = (title: string) => title.split(/\s+[|–—:•·-]\s+/);

describe('a title that names only its kind', () => {
  test('a kind with describing words and a word for a web page, or beside a page name, names only its kind', () => {
    for (const title of [
      'Gym Website',
      'Charity Website',
      'Beauty Salon',
      'Barber Shop',
      'My E-Commerce Site',
      'Products - Simple E-commerce Store',
      'Contact Us - Digital Agency',
      'Minimal Resume Template',
      'Portafolio',
      'Restaurante',
      'Hair Salons',
    ])
      expect(namesOnlyItsKind(parts(title)), title).toBe(true);
  });

  test('a name beside the kind, a page name alone, or a kind inside a sentence is a real title', () => {
    for (const title of [
      'Bella Hair Salon',
      'Portfolio | Ada Lovelace',
      "Luigi's Pizzeria - Restaurant in Naples",
      'Acme Digital Agency',
      'Contact Us',
      'The best gym website builders of 2026',
      'Charity Navigator',
      'Blog - Northwind',
    ])
      expect(namesOnlyItsKind(parts(title)), title).toBe(false);
  });
});

describe('the default-title check on a kind-only title', () => {
  beforeAll(() => void parseWithGo('', 'https://fixture.example/'), 120_000);
  const audit = (title: string): AuditResult =>
    auditPage(
      parseWithGo(
        `<!doctype html><html lang="en"><head><title>${title}</title><meta name="description" content="Strength training in Leeds since 1998."></head><body><h1>Strength training</h1></body></html>`,
        'https://fixture.example/',
      ),
    );

  test('reports the title as found; a named business is not reported', () => {
    expect(audit('Gym Website').findings.find((f) => f.id === 'copy-default-title')?.evidence).toEqual({
      element: '<title>',
      sample: 'Gym Website',
    });
    expect(audit('Iron Works Gym | Leeds').findings.map((f) => f.id)).not.toContain('copy-default-title');
  });
});
