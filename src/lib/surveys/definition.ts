/**
 * An on-page survey as the surveys collection stores it, and the checks a definition passes
 * before it is saved (pb_hooks/surveys.pb.js, the dashboard's form shows the same messages).
 */
import { urlPatternProblem } from '../contracts/url-pattern';

export const SURVEY_KINDS = ['nps', 'rating', 'single', 'multiple', 'text'] as const;
export type SurveyKind = (typeof SURVEY_KINDS)[number];
export const SURVEY_DEVICES = ['any', 'desktop', 'mobile', 'tablet'] as const;
export type SurveyDevice = (typeof SURVEY_DEVICES)[number];

export const SURVEY_KIND_LABELS: Record<SurveyKind, string> = {
  nps: 'NPS (0-10)',
  rating: 'Rating (1-5)',
  single: 'Single choice',
  multiple: 'Multiple choice',
  text: 'Open text',
};

/** A rating survey's scale is 1 to RATING_MAX; NPS is 0 to 10. */
export const RATING_MAX = 5;
export const MAX_OPTIONS = 10;
export const MAX_OPTION = 100;
export const MAX_QUESTION = 300;
export const MAX_THANKS = 300;
export const MAX_TEXT_ANSWER = 1000;
export const MAX_DELAY_SECONDS = 3600;

export interface SurveyDefinition {
  name: string;
  kind: SurveyKind;
  question: string;
  options: string[];
  thanks: string;
  /** URL patterns (src/lib/contracts/url-pattern.ts), one per line; none = every page. */
  pages: string;
  device: SurveyDevice;
  /** Shown after the visitor has been on the page this many seconds (0 = at once). */
  delay_seconds: number;
  /** Shown when the pointer leaves the page at the top (exit intent) instead of on a timer. */
  exit_intent: boolean;
  /** A goal id: shown only after the visitor reached that goal in this session ('' = any visitor). */
  goal_id: string;
  /** Share of the visitors who may see it, 1 to 100 (%). */
  share: number;
  active: boolean;
}

export const isChoiceKind = (k: string): boolean => k === 'single' || k === 'multiple';

export function patternLines(pages: string): string[] {
  return pages
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

/** What to fix in a definition, field by field; empty when it can be saved. */
export function surveyProblems(d: Partial<SurveyDefinition>): Record<string, string> {
  const out: Record<string, string> = {};
  if (!SURVEY_KINDS.includes(d.kind as SurveyKind)) out.kind = `Kind must be one of ${SURVEY_KINDS.join(', ')}`;
  const q = (d.question ?? '').trim();
  if (!q) out.question = 'Question is required';
  else if (q.length > MAX_QUESTION) out.question = `Question is longer than ${MAX_QUESTION} characters`;
  if ((d.thanks ?? '').length > MAX_THANKS) out.thanks = `Thank-you message is longer than ${MAX_THANKS} characters`;
  const options = Array.isArray(d.options) ? d.options : [];
  if (d.options !== undefined && d.options !== null && !Array.isArray(d.options)) out.options = 'Options must be a list of texts';
  else if (isChoiceKind(d.kind ?? '')) {
    const texts = options.map((o) => (typeof o === 'string' ? o.trim() : ''));
    if (texts.length < 2 || texts.length > MAX_OPTIONS) out.options = `A choice survey needs 2 to ${MAX_OPTIONS} options`;
    else if (texts.some((t) => !t || t.length > MAX_OPTION)) out.options = `Each option needs a text of at most ${MAX_OPTION} characters`;
    else if (new Set(texts.map((t) => t.toLowerCase())).size !== texts.length) out.options = 'Options must differ';
  } else if (options.length) out.options = 'Only choice surveys have options';
  for (const p of patternLines(d.pages ?? '')) {
    const problem = urlPatternProblem(p);
    if (problem) {
      out.pages = `${problem}: ${p}`;
      break;
    }
  }
  if (d.device !== undefined && !SURVEY_DEVICES.includes(d.device)) out.device = `Device must be one of ${SURVEY_DEVICES.join(', ')}`;
  const delay = d.delay_seconds ?? 0;
  if (!Number.isInteger(delay) || delay < 0 || delay > MAX_DELAY_SECONDS)
    out.delay_seconds = `Delay must be a whole number of seconds from 0 to ${MAX_DELAY_SECONDS}`;
  const share = d.share ?? 100;
  if (!Number.isInteger(share) || share < 1 || share > 100) out.share = 'Share of visitors must be a whole percentage from 1 to 100';
  return out;
}
