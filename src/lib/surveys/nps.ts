/**
 * Net Promoter Score: % promoters (9-10) minus % detractors (0-6), from -100 to 100, with its 95%
 * interval. Each answer counts +1 (promoter), 0 (passive) or -1 (detractor); NPS is their mean x 100,
 * and the interval the normal one of that mean (variance (p + d - (p - d)^2) / n), clipped to +-100.
 */
export interface NpsResult {
  responses: number;
  promoters: number;
  passives: number;
  detractors: number;
  /** null without answers. */
  nps: number | null;
  low: number | null;
  high: number | null;
}

const Z95 = 1.959964;

export function npsOf(scores: number[]): NpsResult {
  const n = scores.length;
  const promoters = scores.filter((s) => s >= 9).length;
  const detractors = scores.filter((s) => s <= 6).length;
  const out: NpsResult = { responses: n, promoters, passives: n - promoters - detractors, detractors, nps: null, low: null, high: null };
  if (!n) return out;
  const p = promoters / n;
  const d = detractors / n;
  const mean = p - d;
  const half = Z95 * Math.sqrt(Math.max(0, p + d - mean * mean) / n);
  const round = (x: number) => Math.round(x * 1000) / 10;
  out.nps = round(mean);
  out.low = Math.max(-100, round(mean - half));
  out.high = Math.min(100, round(mean + half));
  return out;
}

/** Each option's count and share (%, one decimal) of the answers; multiple choice shares may add past 100. */
export function choiceShares(options: string[], answers: string[][]): { option: string; count: number; share: number }[] {
  const n = answers.length;
  return options.map((option) => {
    const count = answers.filter((a) => a.includes(option)).length;
    return { option, count, share: n ? Math.round((count / n) * 1000) / 10 : 0 };
  });
}
