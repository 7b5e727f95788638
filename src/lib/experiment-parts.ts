/**
 * Multi-page and multivariate tests (issue 34): the checks the server runs on their `pages` and
 * `sections` (pocketbase/pb_hooks/lib/experiment_parts.js), and the expansion of a multivariate
 * test's sections into every combination, each combination one variant. Both kinds reach the
 * tracker as one config entry per page or section with the test's id and seed
 * (pocketbase/expparts/parts.go), so a visitor gets the same variant everywhere.
 */
import { validateRuleChanges, type RuleChange } from './contracts/rule-change';
import { selectorProblem } from './contracts/change-sanitizer';
import { urlPatternProblem } from './contracts/url-pattern';
import { VARIANT_KEY } from './contracts/event-payload';
import { CONTROL_KEY, validateVariants, type Checked, type ExperimentVariant } from './experiments';

export const TEST_TYPES = ['ab', 'split_url', 'multi_page', 'multivariate'] as const;
export type TestType = (typeof TEST_TYPES)[number];
export const TEST_TYPE_LABELS: Record<TestType, string> = {
  ab: 'A/B test',
  split_url: 'Split URL',
  multi_page: 'Multi-page',
  multivariate: 'Multivariate',
};

export const MIN_PAGES = 2;
export const MAX_PAGES = 5;
export const MIN_SECTIONS = 2;
export const MAX_SECTIONS = 3;
export const MIN_ALTERNATIVES = 2;
/** Every combination is a variant with its own share of the traffic: more would starve each. */
export const MAX_COMBINATIONS = 16;

/** One page of a multi-page test: where (URL pattern) and which element its changes land on. */
export interface TestPage {
  name: string;
  url_pattern: string;
  selector: string;
}

/** A multi-page variant: its changes per page, in the test's page order (the control's are empty). */
export interface MultiPageVariant extends ExperimentVariant {
  pages: RuleChange[][];
}

/** One alternative of a section; the first is the original (no changes). */
export interface SectionAlternative {
  key: string;
  name: string;
  changes: RuleChange[];
}

/** One section of a multivariate test: an element and its alternatives. */
export interface TestSection {
  key: string;
  name: string;
  selector: string;
  alternatives: SectionAlternative[];
}

/** A combination: one alternative per section (their indices), as a variant. */
export interface CombinationVariant extends ExperimentVariant {
  combination: number[];
}

const refuse = (error: string): { ok: false; error: string } => ({ ok: false, error });
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** 2 to 5 pages, each with a URL pattern (required: a page that is every page is not a page) and an optional element. */
export function validatePages(input: unknown): Checked<TestPage[]> {
  if (!Array.isArray(input) || input.length < MIN_PAGES || input.length > MAX_PAGES) {
    return refuse(`A multi-page test needs ${MIN_PAGES} to ${MAX_PAGES} pages`);
  }
  const out: TestPage[] = [];
  for (let i = 0; i < input.length; i++) {
    const raw = input[i] as unknown;
    const where = `Page ${i + 1}`;
    if (!isObject(raw)) return refuse(`${where} is not an object`);
    const pattern = text(raw.url_pattern);
    if (!pattern) return refuse(`${where} needs a URL pattern`);
    const problem = urlPatternProblem(pattern);
    if (problem) return refuse(`${where}: ${problem}`);
    const selector = text(raw.selector);
    const sel = selectorProblem(selector);
    if (sel) return refuse(`${where}: the selector is refused: ${sel}`);
    if (out.some((p) => p.url_pattern === pattern && p.selector === selector)) {
      return refuse(`${where} repeats the URL pattern and element of another page`);
    }
    const name = text(raw.name) || pattern;
    if (name.length > 100) return refuse(`${where} has a name longer than 100 characters`);
    out.push({ name, url_pattern: pattern, selector });
  }
  return { ok: true, value: out };
}

/**
 * A multi-page test's variants: the A/B test's rules (control first, 1 to 3 variants, weights
 * summing to 1), their changes per page in `pages` (each checked on that page's element), none in
 * `changes`; the control changes nothing anywhere and every variant changes at least one page.
 */
export function validateMultiPageVariants(input: unknown, pages: readonly TestPage[]): Checked<MultiPageVariant[]> {
  if (!Array.isArray(input)) return refuse('An experiment needs a control and at least one variant');
  const base = validateVariants(
    input.map((v: unknown) => (isObject(v) ? { ...v, changes: v.changes ?? [] } : v)),
    '',
  );
  if (base.ok === false) return base;
  const out: MultiPageVariant[] = [];
  for (let i = 0; i < base.value.length; i++) {
    const v = base.value[i]!;
    const where = i === 0 ? 'The control' : `Variant ${i}`;
    if (v.changes.length) return refuse(`${where}: a multi-page test's changes go on its pages, not in "changes"`);
    const raw = (input[i] as Record<string, unknown>).pages ?? [];
    if (!Array.isArray(raw) || raw.length > pages.length)
      return refuse(`${where} needs a list of changes for each of the ${pages.length} pages`);
    const perPage: RuleChange[][] = [];
    for (let j = 0; j < pages.length; j++) {
      const checked = validateRuleChanges(raw[j] ?? [], pages[j]!.selector);
      if (checked.ok === false) return refuse(`${where}, page ${j + 1} (${pages[j]!.name}): ${checked.error}`);
      if (i === 0 && checked.changes.length) return refuse('The control shows the pages as they are and has no changes');
      perPage.push(checked.changes);
    }
    if (i > 0 && perPage.every((c) => !c.length)) return refuse(`${where} changes none of the pages`);
    out.push({ ...v, pages: perPage });
  }
  return { ok: true, value: out };
}

/** 2 or 3 sections, each an element with the original and 1+ alternatives; at most 16 combinations. */
export function validateSections(input: unknown): Checked<TestSection[]> {
  if (!Array.isArray(input) || input.length < MIN_SECTIONS || input.length > MAX_SECTIONS) {
    return refuse(`A multivariate test needs ${MIN_SECTIONS} or ${MAX_SECTIONS} sections`);
  }
  const out: TestSection[] = [];
  for (let i = 0; i < input.length; i++) {
    const raw = input[i] as unknown;
    const where = `Section ${i + 1}`;
    if (!isObject(raw)) return refuse(`${where} is not an object`);
    const key = text(raw.key) || `s${i + 1}`;
    if (!VARIANT_KEY.test(key)) return refuse(`${where} needs a key of 1-32 lower-case letters, digits, - or _`);
    if (out.some((s) => s.key === key)) return refuse(`Section key "${key}" is used twice`);
    const selector = text(raw.selector);
    if (!selector) return refuse(`${where} needs the element it changes (a CSS selector)`);
    const sel = selectorProblem(selector);
    if (sel) return refuse(`${where}: the selector is refused: ${sel}`);
    if (out.some((s) => s.selector === selector)) return refuse(`${where} changes the same element as another section`);
    const name = text(raw.name) || key;
    if (name.length > 100) return refuse(`${where} has a name longer than 100 characters`);
    const alts = raw.alternatives;
    if (!Array.isArray(alts) || alts.length < MIN_ALTERNATIVES) {
      return refuse(`${where} needs at least ${MIN_ALTERNATIVES} alternatives: the original and one change`);
    }
    const alternatives: SectionAlternative[] = [];
    for (let j = 0; j < alts.length; j++) {
      const a = alts[j] as unknown;
      const at = `${where}, alternative ${j + 1}`;
      if (!isObject(a)) return refuse(`${at} is not an object`);
      const akey = text(a.key) || (j === 0 ? 'original' : `a${j}`);
      if (!VARIANT_KEY.test(akey)) return refuse(`${at} needs a key of 1-32 lower-case letters, digits, - or _`);
      if (alternatives.some((x) => x.key === akey)) return refuse(`${where}: alternative key "${akey}" is used twice`);
      const aname = text(a.name) || (j === 0 ? 'Original' : akey);
      if (aname.length > 100) return refuse(`${at} has a name longer than 100 characters`);
      const changes = validateRuleChanges(a.changes ?? [], selector);
      if (changes.ok === false) return refuse(`${at}: ${changes.error}`);
      if (j === 0 && changes.changes.length) return refuse(`${where}: the first alternative is the original and has no changes`);
      if (j > 0 && !changes.changes.length) return refuse(`${at} has no changes`);
      alternatives.push({ key: akey, name: aname, changes: changes.changes });
    }
    out.push({ key, name, selector, alternatives });
  }
  const count = combinationCount(out);
  if (count > MAX_COMBINATIONS) {
    const sizes = out.map((s) => s.alternatives.length).join(' × ');
    return refuse(
      `A multivariate test may have at most ${MAX_COMBINATIONS} combinations; this one has ${sizes} = ${count}. Remove an alternative or a section.`,
    );
  }
  return { ok: true, value: out };
}

export function combinationCount(sections: readonly { alternatives: readonly unknown[] }[]): number {
  return sections.reduce((n, s) => n * s.alternatives.length, 1);
}

/**
 * Every combination of the sections' alternatives, the all-original one first as the control, in
 * order with the last section changing fastest; equal weights. A combination's key is `m` and its
 * alternatives' indices (`m10`: the second alternative of the first section, the original of the
 * second), short enough for any allowed test (at most 16 combinations: no index above 8).
 */
export function expandCombinations(sections: readonly TestSection[]): CombinationVariant[] {
  const total = combinationCount(sections);
  const out: CombinationVariant[] = [];
  for (let n = 0; n < total; n++) {
    const combination: number[] = [];
    let rest = n;
    for (let j = sections.length - 1; j >= 0; j--) {
      const size = sections[j]!.alternatives.length;
      combination[j] = rest % size;
      rest = Math.floor(rest / size);
    }
    const original = combination.every((k) => k === 0);
    out.push({
      key: original ? CONTROL_KEY : 'm' + combination.join(''),
      name: sections.map((s, j) => `${s.name}: ${s.alternatives[combination[j]!]!.name}`).join(' · '),
      weight: 1 / total,
      changes: [],
      combination,
    });
  }
  return out;
}

/** The test type as stored: '' (a record from before the field, or a client that sent none) is an A/B test. */
export function testTypeProblem(type: string): string {
  return (TEST_TYPES as readonly string[]).includes(type) ? '' : `Test type must be one of ${TEST_TYPES.join(', ')}`;
}
