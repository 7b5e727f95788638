/**
 * The analysis of an uploaded document: a summary, key insights, recommendations and an
 * opportunity score out of 10. The built-in engine here is deterministic (an extractive summary
 * and keyword rules); with a model configured the hook asks it instead (model.ts) and falls back
 * to this engine when the answer is unusable.
 */

export interface DocumentAnalysis {
  summary: string;
  keyInsights: string[];
  recommendations: string[];
  /** 0 to 10, one decimal at most. */
  opportunityScore: number;
}

/** Who wrote the analysis: the model, the built-in engine, or the built-in engine after the model's answer was unusable. */
export type DocumentEngine = 'model' | 'builtin' | 'builtin-fallback';

/** What the documents collection stores in analysis_result. */
export interface DocumentResult {
  keyInsights: string[];
  recommendations: string[];
  opportunityScore: number;
  engine: DocumentEngine;
  format: string;
  characters: number;
}

interface Theme {
  words: RegExp;
  recommendation: string;
}

/** CRO themes a document may raise, each with the recommendation the engine makes for it. */
const THEMES: Theme[] = [
  {
    words: /\b(checkout|cart|basket|shipping|delivery|payment|abandon\w*)\b/i,
    recommendation: 'Show the full price, shipping included, before checkout and offer a guest checkout.',
  },
  {
    words: /\b(mobile|phones?|tablets?|responsive)\b/i,
    recommendation: 'Test the key pages on phones: larger tap targets, shorter forms and a sticky call to action.',
  },
  {
    words: /\b(slow\w*|speed|load\w*|performance)\b/i,
    recommendation: 'Make the slowest pages faster: compress images and defer scripts that are not needed at once.',
  },
  {
    words: /\b(reviews?|testimonials?|trust\w*|secur\w*|guarantee\w*|ratings?)\b/i,
    recommendation: 'Put reviews, ratings and guarantees next to the main call to action.',
  },
  {
    words: /\b(pric\w*|discount\w*|plans?|offers?|coupons?)\b/i,
    recommendation: 'Make the price and the offer clear on the first screen and test one simple discount.',
  },
  {
    words: /\b(forms?|fields?|sign[- ]?up|registration)\b/i,
    recommendation: 'Remove every form field that is not needed to complete the first step.',
  },
  {
    words: /\b(newsletter|e-?mail|returning|loyal\w*|retention)\b/i,
    recommendation: 'Win back returning visitors with a welcome offer by email and a saved cart.',
  },
  {
    words: /\b(button|call to action|cta|headline)\b/i,
    recommendation: 'Test one clearer call to action with a headline that states the main benefit.',
  },
];

const ADVICE = /\b(recommend\w*|should|suggest\w*|consider|propos\w*|must|need to)\b/i;
const FIGURE = /\d/;
const STOP = new Set(
  'this that with from have were will would there their they them then than your about into over also such only more most some other which what when where while these those been being because could should very much many each every and the for are but not you all any can had her was one our out day get has him his how its may new now old see two way who boy did let put say she too use'.split(
    ' ',
  ),
);

const MAX_SUMMARY_SENTENCES = 3;
const MAX_INSIGHTS = 5;
const MAX_RECOMMENDATIONS = 5;

/** The text's sentences in order: split at ., ! or ? and at line ends; fragments under 20 characters are dropped. */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\n+/)) {
    // A table row (cells joined by " | ") reads as its cells with words, numbering left out.
    const line = raw
      .split('|')
      .map((c) => c.trim())
      .filter((c) => /[a-z]/i.test(c))
      .join(', ');
    for (const m of line.match(/[^.!?]+[.!?]*/g) ?? []) {
      const s = m.replace(/\s+/g, ' ').trim();
      if (s.length >= 20 && s.length <= 400 && /[a-z]/i.test(s)) out.push(s);
    }
  }
  return out;
}

/** A text's keywords (3+ letters, stop words left out): what the built-in engines count. */
export function wordsOf(s: string): string[] {
  return (s.toLowerCase().match(/[a-z\u00c0-\u024f]{3,}/g) ?? []).filter((w) => !STOP.has(w));
}

const unique = (list: string[]) => list.filter((x, i) => list.findIndex((y) => y.toLowerCase() === x.toLowerCase()) === i);

/** The built-in engine: the same text always gives the same analysis. */
export function builtinDocumentAnalysis(text: string): DocumentAnalysis {
  const sentences = sentencesOf(text);
  const freq = new Map<string, number>();
  for (const s of sentences) for (const w of wordsOf(s)) freq.set(w, (freq.get(w) ?? 0) + 1);
  const themesIn = (s: string) => THEMES.filter((t) => t.words.test(s)).length;
  const scored = sentences.map((s, i) => {
    const words = wordsOf(s);
    const weight = words.reduce((sum, w) => sum + (freq.get(w) ?? 0), 0) / Math.sqrt(words.length || 1);
    return { s, i, score: weight + 2 * themesIn(s) + (ADVICE.test(s) ? 1 : 0) };
  });
  const best = (list: typeof scored, n: number) =>
    [...list]
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .slice(0, n)
      .sort((a, b) => a.i - b.i)
      .map((x) => x.s);

  const summary = best(scored, MAX_SUMMARY_SENTENCES).join(' ').slice(0, 1000);
  const insightPool = scored.filter((x) => themesIn(x.s) > 0 || FIGURE.test(x.s));
  const keyInsights = best(insightPool.length ? insightPool : scored, MAX_INSIGHTS);

  const found = THEMES.map((t) => ({ t, hits: sentences.filter((s) => t.words.test(s)).length }))
    .filter((x) => x.hits > 0)
    .sort((a, b) => b.hits - a.hits);
  const advice = best(
    scored.filter((x) => ADVICE.test(x.s)),
    2,
  );
  const recommendations = unique([...advice, ...found.map((x) => x.t.recommendation)]).slice(0, MAX_RECOMMENDATIONS);
  if (!recommendations.length && sentences.length)
    recommendations.push('Share this document with the team and turn its main finding into one A/B test hypothesis.');

  const opportunityScore = sentences.length ? Math.min(10, 2 + 1.5 * found.length + (advice.length ? 1 : 0)) : 0;
  return { summary: summary || text.slice(0, 300).trim(), keyInsights, recommendations, opportunityScore };
}
