/**
 * The site-type model (src/lib/audit/site-type-model.ts): how evidence becomes an answer, and the
 * committed weights being exactly what `npm run train:site-type` fits on the committed training
 * rows (tests/fixtures/scan/corpus/site-type-rows.json, the tuning half's features): weights edited
 * by hand, or left stale when the rows change, fail here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { decideSiteType, SITE_TYPE_MODEL, type SiteTypeEvidence, type SiteTypeModel } from '../../src/lib/audit';
import { priorWeight } from '../../src/lib/audit/site-type-model';
import { roundOut, trainSiteTypeModel, type TrainingRow } from '../helpers/site-type-fit';

const ROWS = join(import.meta.dirname, '../fixtures/scan/corpus/site-type-rows.json');
const none = (): SiteTypeEvidence => ({ ecommerce: [], local: [], content: [], docs: [], nonprofit: [], b2b: [] });
const MODEL: SiteTypeModel = {
  bias: { ecommerce: -3, local: -3, b2b: -3, content: -3, docs: -3, nonprofit: -3, general: 0 },
  weights: { 'b2b:plans priced per month': { b2b: 2 }, 'local:opening hours': { local: 2 } },
  generalOffset: 0,
  training: { lambda: 0, pages: 0, families: 0, crossValidatedAccuracy: 0 },
};

describe('the site-type model', () => {
  test('no evidence is a General website, with no type-specific signs', () => {
    expect(decideSiteType(none(), MODEL)).toMatchObject({ siteType: 'general', label: 'General website', source: 'default', signals: [] });
    expect(decideSiteType(none())).toMatchObject({ siteType: 'general', signals: [] });
  });

  test('a sign weighs its fitted weight for its own type; one no training page showed weighs its prior', () => {
    const plans = { ...none(), b2b: [['plans priced per month', 1]] as [string, number][] };
    // -3 + 2 is below general's 0; twice the value (capped at 3) is above it.
    expect(decideSiteType(plans, MODEL).siteType).toBe('general');
    expect(decideSiteType({ ...none(), b2b: [['plans priced per month', 2]] }, MODEL).siteType).toBe('b2b');
    // Product markup is in no weight list: its prior (a page's own schema.org type, 4) decides.
    expect(priorWeight('ecommerce:Product markup')).toBe(4);
    expect(decideSiteType({ ...none(), ecommerce: [['Product markup', 1]] }, MODEL)).toMatchObject({
      siteType: 'ecommerce',
      signals: ['Product markup'],
      source: 'content',
    });
  });

  test('the offset moves how much evidence a type needs; equal scores are no evidence', () => {
    const hours = { ...none(), local: [['opening hours', 2]] as [string, number][] };
    expect(decideSiteType(hours, MODEL).siteType).toBe('local'); // -3 + 4 = 1 > 0
    expect(decideSiteType(hours, { ...MODEL, generalOffset: 1 }).siteType).toBe('general'); // 1 = 1: a tie
    expect(decideSiteType(hours, { ...MODEL, generalOffset: 0.5 }).siteType).toBe('local');
  });

  test('round held out: each later round is judged by a model fitted on the earlier rounds only', () => {
    const row = (id: string, family: string, answer: 'ecommerce' | 'general', features: Record<string, number>): TrainingRow => ({
      id,
      site: `${family}.example`,
      family,
      round: Number(id.slice(1)) >= 20 ? 20 : Number(id.slice(1)) >= 10 ? 10 : 1,
      answers: [answer],
      features,
    });
    const shop = { 'ecommerce:cart link': 1, 'ecommerce:add-to-cart button': 1 };
    const rows = [
      ...['a', 'b', 'c'].map((f, i) => row(`p${i + 1}`, f, 'ecommerce', shop)),
      ...['d', 'e', 'f'].map((f, i) => row(`p${i + 4}`, f, 'general', {})),
      row('p10', 'g', 'ecommerce', shop),
      row('p11', 'h', 'general', {}),
      row('p20', 'i', 'ecommerce', shop),
    ];
    const r = roundOut(rows, { lambda: 0.01, generalOffset: 0 });
    // The first round (p1-p6) is only ever trained on; rounds 10 and 20 are judged, 2 and 1 pages.
    expect(r.rounds).toEqual([
      [10, 2, 2],
      [20, 1, 1],
    ]);
    expect(r.roundOut).toBe(1);
  }, 120_000);

  test('the committed weights are those a fresh training run fits on the committed rows', () => {
    const rows = JSON.parse(readFileSync(ROWS, 'utf8')) as TrainingRow[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.answers.length > 0 && r.family && r.site)).toBe(true);
    expect(trainSiteTypeModel(rows)).toEqual(SITE_TYPE_MODEL);
  }, 120_000);
});
