/**
 * What a site counts as a goal, and the one check of a goal before it is stored (the goals hook
 * refuses anything else with this message; the Goals form shows the same one before sending).
 * Goals are matched at ingest (pocketbase/eventstore/goalmatch): a page view of a URL pattern, a click
 * on a selector, a submit of a form matching a selector, or a custom event of a name. A purchase is
 * the custom event `purchase` whose reported value is the revenue.
 */
import { CONTROL_CHARACTERS } from './contracts/control-characters';
import { urlPatternProblem } from './contracts/url-pattern';

/** Without the g flag: test() must not carry lastIndex from one call to the next. */
const CONTROL = new RegExp(CONTROL_CHARACTERS.source);

export const GOAL_TYPES = ['url', 'click', 'form', 'event'] as const;
export type GoalType = (typeof GOAL_TYPES)[number];

/** The event a purchase goal matches: cro('track', 'purchase', { value }). */
export const PURCHASE_EVENT = 'purchase';
export const MAX_GOAL_NAME = 100;
export const MAX_GOAL_MATCH = 500;
export const MAX_EVENT_NAME = 100;
export const MAX_GOAL_VALUE = 1_000_000;

/** How each type reads in the form, and what its match field holds. */
export const GOAL_TYPE_LABELS: Record<GoalType, { label: string; match: string; noun: string; placeholder: string }> = {
  url: { label: 'Page view', match: 'URL pattern', noun: 'URL pattern', placeholder: '/thank-you' },
  click: { label: 'Click', match: 'CSS selector', noun: 'CSS selector', placeholder: '#signup-button' },
  form: { label: 'Form submit', match: 'Form selector', noun: 'form selector', placeholder: 'form#newsletter' },
  event: { label: 'Custom event', match: 'Event name', noun: 'event name', placeholder: 'signup' },
};

export interface GoalInput {
  name: string;
  type: GoalType;
  match: string;
  value: number;
  micro: boolean;
  enabled: boolean;
}

export type GoalCheck = { ok: true; goal: GoalInput } | { ok: false; field: keyof GoalInput; error: string };

/** Checks and normalises a submitted goal (missing value: 0; missing enabled: on; missing micro: off). */
export function checkGoal(raw: Record<string, unknown>): GoalCheck {
  const name = typeof raw.name === 'string' ? raw.name.trim() : '';
  if (!name) return { ok: false, field: 'name', error: 'Give the goal a name.' };
  if (name.length > MAX_GOAL_NAME || CONTROL.test(name)) {
    return { ok: false, field: 'name', error: `The goal's name must be at most ${MAX_GOAL_NAME} characters of plain text.` };
  }
  const type = raw.type as GoalType;
  if (!GOAL_TYPES.includes(type))
    return { ok: false, field: 'type', error: 'The goal type must be page view, click, form submit or custom event.' };
  const match = typeof raw.match === 'string' ? raw.match.trim() : '';
  const problem = matchProblem(type, match);
  if (problem) return { ok: false, field: 'match', error: problem };
  const value = raw.value === undefined || raw.value === null || raw.value === '' ? 0 : Number(raw.value);
  if (!Number.isFinite(value) || value < 0 || value > MAX_GOAL_VALUE) {
    return { ok: false, field: 'value', error: "The goal's value must be a number from 0 to 1,000,000." };
  }
  for (const flag of ['micro', 'enabled'] as const) {
    if (raw[flag] !== undefined && typeof raw[flag] !== 'boolean')
      return { ok: false, field: flag, error: `${flag === 'micro' ? 'Micro' : 'Enabled'} must be on or off.` };
  }
  return { ok: true, goal: { name, type, match, value, micro: raw.micro === true, enabled: raw.enabled !== false } };
}

/** Why a goal's match cannot be stored for its type, or ''. */
export function matchProblem(type: GoalType, match: string): string {
  const what = GOAL_TYPE_LABELS[type].noun;
  if (!match) return `Enter the ${what} the goal matches.`;
  if (CONTROL.test(match)) return `The ${what} must be plain text.`;
  if (type === 'url') return urlPatternProblem(match);
  if (type === 'event') {
    return match.length > MAX_EVENT_NAME ? `The event name must be at most ${MAX_EVENT_NAME} characters.` : '';
  }
  if (match.length > MAX_GOAL_MATCH) return `The ${what} must be at most ${MAX_GOAL_MATCH} characters.`;
  return selectorProblem(match);
}

/**
 * A light check of a CSS selector's shape (the server cannot parse CSS; the tracker ignores a
 * selector the browser refuses): balanced brackets and quotes, no braces or at-rules.
 */
function selectorProblem(s: string): string {
  const bad = 'That is not a CSS selector (for example #signup or form.newsletter).';
  if (/[{};@]/.test(s) || /^\s*[>+~,]|[>+~,]\s*$/.test(s)) return bad;
  const stack: string[] = [];
  let quote = '';
  for (const c of s) {
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '(') stack.push(c === '[' ? ']' : ')');
    else if (c === ']' || c === ')') {
      if (stack.pop() !== c) return bad;
    }
  }
  return quote || stack.length ? bad : '';
}

/** A micro goal's points over a range: each completion earns the goal's value. */
export function goalPoints(completions: number, value: number): number {
  return Math.round(completions * value * 100) / 100;
}
