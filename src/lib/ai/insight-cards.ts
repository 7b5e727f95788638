/**
 * AI Analysis by the language model: the JSON schema of its insight cards, the messages that ask
 * for them (the site's grounding and the four stat figures) and the validation of its answer.
 * An answer that fails validation is not shown; the hook falls back to the built-in rules.
 */
import type { AiInsight, AnalysisData } from './insights';

export const INSIGHT_CARDS_SCHEMA_NAME = 'insight_cards';

const IMPACTS = ['high', 'medium', 'low'] as const;
const CATEGORIES = ['mobile', 'conversion', 'engagement', 'checkout', 'trust', 'performance'] as const;

export const INSIGHT_CARDS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['insights'],
  properties: {
    insights: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'description', 'impact', 'confidence', 'expectedLift', 'category'],
        properties: {
          title: { type: 'string' },
          description: { type: 'string' },
          impact: { type: 'string', enum: [...IMPACTS] },
          confidence: { type: 'number', description: 'percent, 0 to 100' },
          expectedLift: { type: 'string', description: 'a range such as 5-15%' },
          category: { type: 'string', enum: [...CATEGORIES] },
        },
      },
    },
  },
};

/** What the model's evidence line says, since its cards carry no figures of their own. */
export const MODEL_EVIDENCE = "AI model, from your site's figures";

export function insightCardsMessages(groundingPrompt: string, data: AnalysisData): Array<{ role: string; content: string }> {
  return [
    { role: 'system', content: groundingPrompt },
    {
      role: 'user',
      content: `Last 7 days: ${data.totalSessions} sessions, average duration ${data.averageSessionDuration} s, bounce rate ${data.bounceRate}%, average scroll ${data.scrollDepth}%. Give up to 6 insight cards for raising this site's conversion rate, most important first, as JSON that matches the schema.`,
    },
  ];
}

const MAX_CARDS = 8;
/** What an HTML parser would read as a tag, a comment or a declaration ('< 5%' is text). */
const MARKUP = /<[a-z!/?]/i;

function card(v: unknown): AiInsight | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  // Plain text only: a card that holds markup (`<img onerror>`) is refused like any other wrong card.
  const text = (x: unknown, max: number) =>
    typeof x === 'string' && x.trim() && x.trim().length <= max && !MARKUP.test(x) ? x.trim() : null;
  const title = text(o.title, 200);
  const description = text(o.description, 1000);
  const expectedLift = text(o.expectedLift, 40);
  const impact = IMPACTS.find((x) => x === o.impact);
  const category = CATEGORIES.find((x) => x === o.category);
  const confidence = o.confidence;
  if (!title || !description || !expectedLift || !impact || !category) return null;
  if (typeof confidence !== 'number' || !Number.isFinite(confidence) || confidence < 0 || confidence > 100) return null;
  return { title, description, impact, confidence: Math.round(confidence), expectedLift, category, evidence: MODEL_EVIDENCE };
}

/** The model's cards when every one is valid, else null (a partly wrong answer is not trusted). */
export function parseInsightCards(content: string): AiInsight[] | null {
  let v: unknown;
  try {
    v = JSON.parse(content);
  } catch {
    return null;
  }
  const list = v && typeof v === 'object' ? (v as { insights?: unknown }).insights : null;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_CARDS) return null;
  const cards = list.map(card);
  return cards.every((c): c is AiInsight => c !== null) ? cards : null;
}
