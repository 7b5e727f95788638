/**
 * A visitor's answer as the public answer route receives it (pb_hooks/surveys.pb.js): checked
 * against the survey it answers, open text masked (src/lib/personal-text.ts) before it is stored.
 */
import { maskPersonalText } from '../personal-text';
import { MAX_TEXT_ANSWER, RATING_MAX, type SurveyKind } from './definition';

export interface StoredAnswer {
  score: number | null;
  choices: string[];
  text: string;
}

const SESSION = /^[\w.-]{1,64}$/;

/** The answer to store, or the message saying what to fix. */
export function parseAnswer(
  survey: { kind: SurveyKind | string; options: string[] },
  body: Record<string, unknown>,
): { answer: StoredAnswer; session: string } | { error: string } {
  const session = typeof body.session === 'string' ? body.session : '';
  if (!SESSION.test(session)) return { error: 'session must be the visitor session id (1 to 64 letters, digits, dots, dashes)' };
  const value = body.value;
  const answer: StoredAnswer = { score: null, choices: [], text: '' };
  switch (survey.kind) {
    case 'nps':
    case 'rating': {
      const lo = survey.kind === 'nps' ? 0 : 1;
      const hi = survey.kind === 'nps' ? 10 : RATING_MAX;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < lo || value > hi)
        return { error: `value must be a whole number from ${lo} to ${hi}` };
      answer.score = value;
      break;
    }
    case 'single':
    case 'multiple': {
      const picked = typeof value === 'string' ? [value] : value;
      if (!Array.isArray(picked) || !picked.length || picked.some((c) => typeof c !== 'string' || !survey.options.includes(c)))
        return { error: 'value must be one of the survey options' + (survey.kind === 'multiple' ? ' (or a list of them)' : '') };
      if (survey.kind === 'single' && picked.length !== 1) return { error: 'value must be exactly one of the survey options' };
      answer.choices = [...new Set(picked as string[])];
      break;
    }
    case 'text': {
      if (typeof value !== 'string' || !value.trim()) return { error: 'value must be a non-empty text' };
      if (value.length > MAX_TEXT_ANSWER) return { error: `value is longer than ${MAX_TEXT_ANSWER} characters` };
      answer.text = maskPersonalText(value.trim());
      break;
    }
    default:
      return { error: 'the survey has an unknown kind' };
  }
  return { answer, session };
}
