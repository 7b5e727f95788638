/**
 * "The experiment wins": while an A/B test runs, every enabled optimization rule that changes the
 * same element (the same non-empty selector; for a multi-page or multivariate test, one of its
 * pages' or sections' elements) is not applied on the test's pages. The server's
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
  /** A multi-page test's pages and a multivariate test's sections each have their own element. */
  test_type?: string;
  pages?: readonly { selector: string }[] | null;
  sections?: readonly { selector: string }[] | null;
}

/** The elements an experiment changes: its pages' or sections' for those kinds, else its own. */
function testedElements(x: ExperimentLike): string[] {
  const parts = x.test_type === 'multi_page' ? x.pages : x.test_type === 'multivariate' ? x.sections : null;
  return (parts ?? [x]).map((p) => p.selector.trim());
}

/** The rule gives way to the experiment while the experiment runs. */
export function ruleYieldsTo(rule: RuleLike, experiment: ExperimentLike): boolean {
  const selector = rule.selector.trim();
  return rule.enabled && experiment.status === 'running' && selector !== '' && testedElements(experiment).includes(selector);
}

/** The enabled rules a running experiment takes its element from. */
export function rulesYieldingTo<R extends RuleLike>(rules: readonly R[], experiment: ExperimentLike): R[] {
  return rules.filter((r) => ruleYieldsTo(r, experiment));
}

/** The running experiment that takes this rule's element, if any. */
export function experimentOverriding<X extends ExperimentLike>(rule: RuleLike, experiments: readonly X[]): X | undefined {
  return experiments.find((x) => ruleYieldsTo(rule, x));
}
