/**
 * "The experiment wins": while an A/B test runs, every enabled optimization rule that changes the
 * same element (the same non-empty selector) is not applied on the test's pages. The server's
 * script config makes this decision (`yields` in pocketbase/analytics/experiments.go); the screens
 * use this copy to say so, and tests/integration/experiments.test.ts holds both to the same case.
 */

interface RuleLike {
  enabled: boolean;
  selector: string;
}

interface ExperimentLike {
  status: string;
  selector: string;
}

/** The rule gives way to the experiment while the experiment runs. */
export function ruleYieldsTo(rule: RuleLike, experiment: ExperimentLike): boolean {
  const selector = rule.selector.trim();
  return rule.enabled && experiment.status === 'running' && selector !== '' && selector === experiment.selector.trim();
}

/** The enabled rules a running experiment takes its element from. */
export function rulesYieldingTo<R extends RuleLike>(rules: readonly R[], experiment: ExperimentLike): R[] {
  return rules.filter((r) => ruleYieldsTo(r, experiment));
}

/** The running experiment that takes this rule's element, if any. */
export function experimentOverriding<X extends ExperimentLike>(rule: RuleLike, experiments: readonly X[]): X | undefined {
  return experiments.find((x) => ruleYieldsTo(rule, x));
}
