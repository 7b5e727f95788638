/**
 * Document analysis by the language model: the JSON schema it must answer with, the messages
 * that ask for it, and the validation of its answer (an answer that fails it is not used).
 */
import type { DocumentAnalysis } from './analysis';

export const DOCUMENT_ANALYSIS_SCHEMA_NAME = 'document_analysis';

export const DOCUMENT_ANALYSIS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['summary', 'keyInsights', 'recommendations', 'opportunityScore'],
  properties: {
    summary: { type: 'string', description: 'Two or three sentences on what the document says about conversions.' },
    keyInsights: { type: 'array', items: { type: 'string' }, description: 'Up to 5 findings from the document.' },
    recommendations: { type: 'array', items: { type: 'string' }, description: 'Up to 5 concrete CRO actions.' },
    opportunityScore: { type: 'number', description: 'How much conversion opportunity the document shows, 0 to 10.' },
  },
};

/** The model reads at most this much of a document. */
export const MODEL_TEXT_CHARS = 12000;

export function documentAnalysisMessages(fileName: string, language: string, text: string): Array<{ role: string; content: string }> {
  return [
    {
      role: 'system',
      content:
        'You analyse documents for a conversion-rate-optimization platform. Use only what the document says; never invent figures. Answer in English with JSON that matches the schema.',
    },
    {
      role: 'user',
      content: `Document: ${fileName} (language: ${language})\n---\n${text.slice(0, MODEL_TEXT_CHARS)}\n---\nSummarize it, list its key insights and your recommendations, and score its conversion opportunity from 0 to 10.`,
    },
  ];
}

const MAX_ITEMS = 10;

function strings(v: unknown, maxLength: number): string[] | null {
  if (!Array.isArray(v) || v.length === 0 || v.length > MAX_ITEMS) return null;
  const out = v.map((x) => (typeof x === 'string' ? x.trim() : ''));
  return out.every((x) => x.length > 0 && x.length <= maxLength) ? out : null;
}

/** The model's answer when it is a valid analysis, else null. */
export function parseDocumentAnalysis(content: string): DocumentAnalysis | null {
  let v: unknown;
  try {
    v = JSON.parse(content);
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  const summary = typeof o.summary === 'string' ? o.summary.trim() : '';
  const keyInsights = strings(o.keyInsights, 500);
  const recommendations = strings(o.recommendations, 500);
  const score = o.opportunityScore;
  if (!summary || summary.length > 2000 || !keyInsights || !recommendations) return null;
  if (typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > 10) return null;
  return { summary, keyInsights, recommendations, opportunityScore: Math.round(score * 10) / 10 };
}
