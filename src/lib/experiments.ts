/**
 * A/B test settings: the checks the server runs before an `experiments` record is stored
 * (pocketbase/pb_hooks/experiments.pb.js), shared with the dashboard so that its forms refuse the
 * same input with the same words. Variants carry changes in the optimization rules' change model,
 * checked by the same sanitizer.
 */
import { validateRuleChanges, type RuleChange } from './contracts/rule-change';
import { selectorProblem } from './contracts/change-sanitizer';
import { urlPatternProblem } from './contracts/url-pattern';
import { VARIANT_KEY } from './contracts/event-payload';
import { GOAL_PER_SESSION, RATIO_METRICS, isRatioMetric } from './experiment-metrics';

/** Variant keys travel in every exposure event. */
export { VARIANT_KEY };

export const EXPERIMENT_STATUSES = ['draft', 'running', 'paused', 'completed'] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];

/** Where each status may go next; completed is final. */
export const EXPERIMENT_TRANSITIONS: Record<ExperimentStatus, readonly ExperimentStatus[]> = {
  draft: ['running'],
  running: ['paused', 'completed'],
  paused: ['running', 'completed'],
  completed: [],
};

export const CONTROL_KEY = 'control';
/** Variants besides the control. */
export const MIN_TEST_VARIANTS = 1;
export const MAX_TEST_VARIANTS = 3;
/** How far the weights' sum may be from 1 (floating-point sums of decimal shares). */
export const WEIGHT_TOLERANCE = 1e-9;
/** The primary or a secondary goal that counts purchase value instead of a `goals` record. */
export const REVENUE_GOAL = 'revenue';
export const TARGET_DEVICES = ['any', 'desktop', 'mobile', 'tablet'] as const;
export const TARGET_VISITORS = ['any', 'new', 'returning'] as const;
/** The ratio metrics watch with the other guardrails: lower is worse (pocketbase/experiments/guardrail_ratio.go). */
export const GUARDRAIL_METRICS = [
  'error_rate',
  'bounce_rate',
  'revenue_per_visitor',
  'revenue_per_session',
  'average_order_value',
  'pages_per_session',
] as const;
export type GuardrailMetric = (typeof GUARDRAIL_METRICS)[number];
export const MAX_SECONDARY_GOALS = 10;

/** How the screens name each guardrail's metric. */
export const GUARDRAIL_LABELS: Record<GuardrailMetric, string> = {
  error_rate: 'Page-error rate',
  bounce_rate: 'Bounce rate',
  revenue_per_visitor: 'Revenue per visitor',
  revenue_per_session: 'Revenue per session',
  average_order_value: 'Average order value',
  pages_per_session: 'Pages per session',
};

/**
 * A guardrail's verdict, judged on the server (pocketbase/experiments/guardrails.go): breached (the
 * server pauses the test), ok, or not enough data (too few exposed visitors to judge, never a pause).
 */
export type GuardrailStatus = 'ok' | 'breached' | 'not_enough_data';
export const GUARDRAIL_STATUS_LABELS: Record<GuardrailStatus, string> = {
  ok: 'OK',
  breached: 'Breached',
  not_enough_data: 'Not enough data',
};

export interface ExperimentVariant {
  key: string;
  name: string;
  /** Share of the experiment's traffic, 0-1; the variants' weights sum to 1. */
  weight: number;
  changes: RuleChange[];
  /** A split-URL test's variant: where it sends the visitor (checked by split-url.ts). */
  url?: string;
}

/**
 * A guardrail is breached when the variant is worse than the control by more than `threshold`
 * percent, relative (error and bounce rate higher; revenue per visitor and the ratio metrics lower).
 */
export interface Guardrail {
  metric: GuardrailMetric;
  threshold: number;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };
const refuse = (error: string): { ok: false; error: string } => ({ ok: false, error });

/** Why the status may not move from `from` to `to`, or '' when it may (staying put is fine). */
export function statusChangeProblem(from: string, to: string): string {
  if (!(EXPERIMENT_STATUSES as readonly string[]).includes(to)) return `Unknown experiment status "${to}"`;
  if (from === to) return '';
  const next = EXPERIMENT_TRANSITIONS[from as ExperimentStatus] ?? [];
  return next.includes(to as ExperimentStatus) ? '' : `An experiment cannot go from ${from || 'nothing'} to ${to}`;
}

/**
 * The control first, then 1 to 3 variants, with unique keys and weights summing to 1; their
 * changes pass the rules' check on the experiment's selector (validateRuleChanges).
 */
export function validateVariants(input: unknown, selector = ''): Checked<ExperimentVariant[]> {
  if (!Array.isArray(input) || input.length === 0) return refuse('An experiment needs a control and at least one variant');
  if (input.length - 1 < MIN_TEST_VARIANTS) return refuse('An experiment needs at least one variant besides the control');
  if (input.length - 1 > MAX_TEST_VARIANTS)
    return refuse(`An experiment may have at most ${MAX_TEST_VARIANTS} variants besides the control`);
  const sel = selectorProblem(selector);
  if (sel) return refuse(`The selector is refused: ${sel}`);
  const out: ExperimentVariant[] = [];
  const keys = new Set<string>();
  let sum = 0;
  for (let i = 0; i < input.length; i++) {
    const raw = input[i] as Record<string, unknown> | null;
    const where = i === 0 ? 'The control' : `Variant ${i}`;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return refuse(`${where} is not an object`);
    const key = typeof raw.key === 'string' ? raw.key.trim() : '';
    if (i === 0 && key !== CONTROL_KEY) return refuse(`The first variant is the control and its key must be "${CONTROL_KEY}"`);
    if (!VARIANT_KEY.test(key)) return refuse(`${where} needs a key of 1-32 lower-case letters, digits, - or _`);
    if (keys.has(key)) return refuse(`Variant key "${key}" is used twice`);
    keys.add(key);
    const name = typeof raw.name === 'string' && raw.name.trim() ? raw.name.trim() : key;
    if (name.length > 100) return refuse(`${where} has a name longer than 100 characters`);
    const weight = raw.weight;
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0 || weight > 1) {
      return refuse(`${where} needs a weight between 0 and 1`);
    }
    sum += weight;
    const changes = validateRuleChanges(raw.changes ?? [], selector);
    if (changes.ok === false) return refuse(`${where}: ${changes.error}`);
    if (i === 0 && changes.changes.length) return refuse('The control shows the page as it is and has no changes');
    const url = typeof raw.url === 'string' ? raw.url.trim() : '';
    out.push(url ? { key, name, weight, changes: changes.changes, url } : { key, name, weight, changes: changes.changes });
  }
  if (Math.abs(sum - 1) > WEIGHT_TOLERANCE) return refuse(`Variant weights must sum to 1 (they sum to ${sum})`);
  return { ok: true, value: out };
}

export interface ExperimentSettings {
  traffic: number;
  url_pattern: string;
  target_device: string;
  target_visitor: string;
  primary_goal: string;
  secondary_goals: string[];
  guardrails: Guardrail[];
  minimum_detectable_effect: number;
  planned_sample_size: number;
}

/** A goal reference: one of the site's goal ids, 'revenue', or a ratio metric (experiment-metrics.ts). */
function goalProblem(goal: unknown, siteGoalIds: readonly string[], what: string): string {
  if (goal === REVENUE_GOAL) return '';
  if (typeof goal === 'string' && isRatioMetric(goal, siteGoalIds)) return '';
  if (typeof goal !== 'string' || !siteGoalIds.includes(goal)) {
    return `${what} must be one of this site's goals, "${REVENUE_GOAL}" or a ratio metric (${RATIO_METRICS.join(', ')}, ${GOAL_PER_SESSION}<goal id>)`;
  }
  return '';
}

/**
 * Everything but the variants and the status, as the record holds it. `siteGoalIds` are the ids of
 * the experiment's site's goals: an unknown goal and another site's goal are refused alike.
 */
export function validateExperimentSettings(input: Record<string, unknown>, siteGoalIds: readonly string[]): Checked<ExperimentSettings> {
  const traffic = input.traffic ?? 100;
  if (typeof traffic !== 'number' || !Number.isFinite(traffic) || traffic < 0 || traffic > 100) {
    return refuse('Traffic must be between 0 and 100 percent');
  }
  const pattern = typeof input.url_pattern === 'string' ? input.url_pattern.trim() : '';
  const patternProblem = urlPatternProblem(pattern);
  if (patternProblem) return refuse(patternProblem);
  const device = input.target_device || 'any';
  if (!(TARGET_DEVICES as readonly unknown[]).includes(device)) return refuse(`Device must be one of ${TARGET_DEVICES.join(', ')}`);
  const visitor = input.target_visitor || 'any';
  if (!(TARGET_VISITORS as readonly unknown[]).includes(visitor)) return refuse(`Visitor must be one of ${TARGET_VISITORS.join(', ')}`);
  if (!input.primary_goal) return refuse('An experiment needs a primary goal');
  const primary = goalProblem(input.primary_goal, siteGoalIds, 'The primary goal');
  if (primary) return refuse(primary);
  const secondary = input.secondary_goals ?? [];
  if (!Array.isArray(secondary) || secondary.length > MAX_SECONDARY_GOALS) {
    return refuse(`Secondary goals must be a list of at most ${MAX_SECONDARY_GOALS} goals`);
  }
  for (const g of secondary) {
    const problem = goalProblem(g, siteGoalIds, 'Each secondary goal');
    if (problem) return refuse(problem);
  }
  const guardrails = validateGuardrails(input.guardrails ?? []);
  if (guardrails.ok === false) return guardrails;
  const mde = input.minimum_detectable_effect ?? 0;
  if (typeof mde !== 'number' || !Number.isFinite(mde) || mde < 0 || mde > 1000) {
    return refuse('Minimum detectable effect must be between 0 and 1000 percent');
  }
  const planned = input.planned_sample_size ?? 0;
  if (typeof planned !== 'number' || !Number.isInteger(planned) || planned < 0 || planned > 1e9) {
    return refuse('Planned sample size must be a whole number of visitors');
  }
  return {
    ok: true,
    value: {
      traffic,
      url_pattern: pattern,
      target_device: device as string,
      target_visitor: visitor as string,
      primary_goal: input.primary_goal as string,
      secondary_goals: [...new Set(secondary as string[])],
      guardrails: guardrails.value,
      minimum_detectable_effect: mde,
      planned_sample_size: planned,
    },
  };
}

/** At most one guardrail per metric, each with a threshold above 0 and at most 100 percent. */
export function validateGuardrails(input: unknown): Checked<Guardrail[]> {
  if (!Array.isArray(input)) return refuse('Guardrails must be a list');
  const seen = new Set<string>();
  const out: Guardrail[] = [];
  for (const raw of input as Record<string, unknown>[]) {
    const metric = raw && typeof raw === 'object' ? raw.metric : undefined;
    if (!(GUARDRAIL_METRICS as readonly unknown[]).includes(metric)) {
      return refuse(`Guardrail metric must be one of ${GUARDRAIL_METRICS.join(', ')}`);
    }
    if (seen.has(metric as string)) return refuse(`Guardrail ${metric as string} is set twice`);
    seen.add(metric as string);
    const threshold = raw.threshold;
    if (typeof threshold !== 'number' || !Number.isFinite(threshold) || threshold <= 0 || threshold > 100) {
      return refuse(`Guardrail ${metric as string} needs a threshold above 0 and at most 100 percent`);
    }
    out.push({ metric: metric as GuardrailMetric, threshold });
  }
  return { ok: true, value: out };
}

/** The declared winner: empty, or one of the variants' keys, and only on a completed experiment. */
export function winnerProblem(winner: string, status: string, variants: readonly ExperimentVariant[]): string {
  if (!winner) return '';
  if (status !== 'completed') return 'A winner is declared only when the experiment is completed';
  return variants.some((v) => v.key === winner) ? '' : `The winner must be one of the variants' keys`;
}
