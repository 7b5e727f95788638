/**
 * Themes of open answers by the built-in engine: keyword clusters. The same keywords the document
 * engine counts (src/lib/documents/analysis.ts wordsOf); each answer joins the cluster of its most
 * frequent keyword shared by at least two answers. Deterministic: the same answers, the same themes.
 */
import { wordsOf } from '../documents/analysis';

export const THEMES_ENGINE_LABEL = 'Built-in engine: keyword clusters';
const MAX_THEMES = 6;

export interface SurveyTheme {
  keyword: string;
  count: number;
  /** Up to three answers of the cluster, as stored (masked). */
  examples: string[];
}

export function keywordThemes(texts: string[]): SurveyTheme[] {
  const words = texts.map((t) => [...new Set(wordsOf(t))]);
  const freq = new Map<string, number>();
  for (const ws of words) for (const w of ws) freq.set(w, (freq.get(w) ?? 0) + 1);
  const clusters = new Map<string, string[]>();
  words.forEach((ws, i) => {
    const best = ws.filter((w) => (freq.get(w) ?? 0) >= 2).sort((a, b) => freq.get(b)! - freq.get(a)! || a.localeCompare(b))[0];
    if (best) clusters.set(best, [...(clusters.get(best) ?? []), texts[i]!]);
  });
  return [...clusters]
    .map(([keyword, list]) => ({ keyword, count: list.length, examples: list.slice(0, 3) }))
    .sort((a, b) => b.count - a.count || a.keyword.localeCompare(b.keyword))
    .slice(0, MAX_THEMES);
}
