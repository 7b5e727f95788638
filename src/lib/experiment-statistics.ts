/**
 * An A/B test's statistics settings, checked on the server before an `experiments` record is
 * stored (pocketbase/pb_hooks/experiments.pb.js) and shown by the dashboard with the same words:
 * the multiple-comparison correction and CUPED's pre-exposure window. The Go results route
 * (pocketbase/experiments/correction.go, cuped.go) reads them with the same defaults.
 */

/** '' lets the server choose: Holm-Bonferroni when the test compares several variants or goals. */
export const CORRECTIONS = ['none', 'holm-bonferroni', 'benjamini-hochberg'] as const;
export type Correction = (typeof CORRECTIONS)[number];
export const CORRECTION_LABELS: Record<Correction, string> = {
  none: 'None',
  'holm-bonferroni': 'Holm-Bonferroni',
  'benjamini-hochberg': 'Benjamini-Hochberg',
};

/** Days of pre-exposure behaviour CUPED uses; 0 turns CUPED off. */
export const DEFAULT_CUPED_WINDOW_DAYS = 14;
export const MAX_CUPED_WINDOW_DAYS = 90;

/** Post-stratification by a pre-exposure dimension; '' is the default, the device class. */
export const POST_STRATIFICATIONS = ['device', 'visitor_type', 'none'] as const;
export type PostStratification = (typeof POST_STRATIFICATIONS)[number];
export const POST_STRATIFICATION_LABELS: Record<PostStratification, string> = {
  device: 'Device class',
  visitor_type: 'New or returning visitor',
  none: 'None',
};

/** The stored fields this module checks, in the order the audit log lists them. */
export const STATISTICS_FIELDS = [
  'correction',
  'cuped_window_days',
  'post_stratification',
  'bandit',
  'bandit_interval_hours',
  'bandit_min_weight',
] as const;

/** A bandit moves its weights every 6 hours by default, never below 5% per arm. */
export const DEFAULT_BANDIT_INTERVAL_HOURS = 6;
export const MAX_BANDIT_INTERVAL_HOURS = 168;
export const DEFAULT_BANDIT_MIN_WEIGHT = 0.05;
export const MAX_BANDIT_MIN_WEIGHT = 0.25;

export interface StatisticsSettings {
  correction: Correction | '';
  cuped_window_days: number;
  post_stratification: PostStratification | '';
  bandit: boolean;
  bandit_interval_hours: number;
  bandit_min_weight: number;
}

type Checked<T> = { ok: true; value: T } | { ok: false; error: string };
const refuse = (error: string): { ok: false; error: string } => ({ ok: false, error });

/** The submitted statistics settings (missing ones keep `current`), or what to fix. */
export function validateStatisticsSettings(input: Record<string, unknown>, current: StatisticsSettings): Checked<StatisticsSettings> {
  const correction = input.correction === undefined || input.correction === null ? current.correction : input.correction;
  if (correction !== '' && !(CORRECTIONS as readonly unknown[]).includes(correction)) {
    return refuse(`Correction must be one of ${CORRECTIONS.join(', ')}`);
  }
  const days =
    input.cuped_window_days === undefined || input.cuped_window_days === null ? current.cuped_window_days : input.cuped_window_days;
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 0 || days > MAX_CUPED_WINDOW_DAYS) {
    return refuse(`CUPED window must be a whole number of days from 0 (off) to ${MAX_CUPED_WINDOW_DAYS}`);
  }
  const strata = input.post_stratification ?? current.post_stratification;
  if (strata !== '' && !(POST_STRATIFICATIONS as readonly unknown[]).includes(strata)) {
    return refuse(`Post-stratification must be one of ${POST_STRATIFICATIONS.join(', ')}`);
  }
  const bandit = input.bandit ?? current.bandit;
  if (typeof bandit !== 'boolean') return refuse('Bandit must be true or false');
  const hours = input.bandit_interval_hours ?? current.bandit_interval_hours;
  if (typeof hours !== 'number' || !Number.isFinite(hours) || hours < 1 || hours > MAX_BANDIT_INTERVAL_HOURS) {
    return refuse(`Bandit interval must be from 1 to ${MAX_BANDIT_INTERVAL_HOURS} hours`);
  }
  const floor = input.bandit_min_weight ?? current.bandit_min_weight;
  if (typeof floor !== 'number' || !Number.isFinite(floor) || floor < 0 || floor > MAX_BANDIT_MIN_WEIGHT) {
    return refuse(`Bandit minimum weight must be from 0 to ${MAX_BANDIT_MIN_WEIGHT}`);
  }
  return {
    ok: true,
    value: {
      correction: correction as Correction | '',
      cuped_window_days: days,
      post_stratification: strata as PostStratification | '',
      bandit,
      bandit_interval_hours: hours,
      bandit_min_weight: floor,
    },
  };
}

/** The correction in force: the chosen one, else Holm-Bonferroni for a family of several comparisons. */
export function correctionInForce(chosen: string, variants: number, goals: number): Correction {
  if ((CORRECTIONS as readonly string[]).includes(chosen)) return chosen as Correction;
  return Math.max(variants - 1, 0) * goals > 1 ? 'holm-bonferroni' : 'none';
}

/** What the results say about how a comparison was computed (the results route's fields). */
export interface MethodContext {
  /** The comparison is CUPED-adjusted (stats.cuped). */
  cuped: boolean;
  windowDays: number;
  /** The correction in force (correction.method) and its family's size; 'none' for the unadjusted view. */
  correction: Correction;
  familySize: number;
  /** Post-stratified by this dimension (stats.post_stratified); '' when not. */
  stratifiedBy?: PostStratification | '';
}

export type ResultFigure = 'uplift' | 'chance' | 'p_value' | 'sequential_p_value';

/** Each figure's method, named in full for the results view's hover text. */
export function figureMethod(figure: ResultFigure, c: MethodContext): string {
  const cuped = c.cuped ? `; CUPED: adjusted for each visitor's behaviour in the ${c.windowDays} days before exposure` : '';
  const strata = c.stratifiedBy ? `; post-stratified by ${POST_STRATIFICATION_LABELS[c.stratifiedBy].toLowerCase()}` : '';
  const corrected =
    c.correction !== 'none' && c.familySize > 1 ? `; corrected by ${CORRECTION_LABELS[c.correction]} over ${c.familySize} comparisons` : '';
  switch (figure) {
    case 'uplift':
      return `Relative uplift with its 95% interval: fixed-horizon t-test (delta method)${cuped}${strata}${corrected.replace('corrected', 'interval widened')}`;
    case 'chance':
      return `Bayesian: chance to beat the control (Gaussian posterior of the uplift)${cuped}${strata}`;
    case 'p_value':
      return `Two-sided fixed-horizon p-value${cuped}${strata}${corrected}`;
    case 'sequential_p_value':
      return `Sequential: always-valid p-value (confidence sequence), safe to read at any time${cuped}${strata}`;
  }
}
