/**
 * 'Optimize Funnel': what might help the step that loses the most visitors. The step's own words
 * (its page pattern or goal name) decide which kinds of change fit it; library patterns and the
 * latest scan's findings of a fitting kind come first, then by their expected lift.
 */

/** The kinds of change, as the pattern library's categories name them, with the words that call for them. */
const KINDS: { category: string; finding: string[]; words: RegExp }[] = [
  { category: 'checkout', finding: ['Checkout', 'Trust Signals'], words: /checkout|cart|basket|bag|pay|order|purchase|thank/i },
  { category: 'pricing', finding: ['Pricing'], words: /pric|plan|subscri|upgrade/i },
  { category: 'form', finding: ['Form Optimization'], words: /sign.?up|register|contact|form|lead|demo|quote|book|trial/i },
  { category: 'trust', finding: ['Trust Signals', 'Social Proof'], words: /product|item|shop|detail|review/i },
];

export interface PatternLike {
  id: string;
  name: string;
  category: string;
  tags: string[] | null;
  avg_lift: number;
}

export interface FindingLike {
  id: string;
  title: string;
  category: string;
  liftMin: number;
  liftMax: number;
}

export type FunnelSuggestion =
  | { kind: 'pattern'; id: string; title: string; lift: number; fits: boolean }
  | { kind: 'finding'; id: string; title: string; lift: number; fits: boolean };

/** Patterns and findings for a step described by `words`, fitting ones first, then by lift; at most `limit`. */
export function rankFunnelSuggestions(
  words: string,
  patterns: readonly PatternLike[],
  findings: readonly FindingLike[],
  limit = 6,
): FunnelSuggestion[] {
  const kinds = KINDS.filter((k) => k.words.test(words));
  // Without a telling word, the general conversion patterns fit (CTAs, copy).
  const categories = new Set(kinds.length ? kinds.map((k) => k.category) : ['conversion']);
  const findingCategories = new Set(kinds.length ? kinds.flatMap((k) => k.finding) : ['CTA', 'Copywriting']);
  const all: FunnelSuggestion[] = [
    ...patterns.map((p) => ({
      kind: 'pattern' as const,
      id: p.id,
      title: p.name,
      lift: p.avg_lift,
      fits: categories.has(p.category) || (p.tags ?? []).some((t) => [...categories].some((c) => t.toLowerCase().includes(c))),
    })),
    ...findings.map((f) => ({
      kind: 'finding' as const,
      id: f.id,
      title: f.title,
      lift: (f.liftMin + f.liftMax) / 2,
      fits: findingCategories.has(f.category),
    })),
  ];
  return all.sort((a, b) => Number(b.fits) - Number(a.fits) || b.lift - a.lift || a.title.localeCompare(b.title)).slice(0, limit);
}
