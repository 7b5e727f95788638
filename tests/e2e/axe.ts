// The accessibility assertion of the e2e tests: no serious or critical axe violation in the
// state the page is in now.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeScope {
  /** Only this part of the page. */
  include?: string;
  /** Leave this part out (for example toasts, which axe would read mid-fade). */
  exclude?: string;
  /** Also apply axe's best-practice rules (default true). */
  bestPractice?: boolean;
}

export async function expectNoSeriousViolations(page: Page, scope: AxeScope = {}): Promise<void> {
  // Legacy mode runs axe in the page itself: the default opens a second page for every check to merge
  // frame results, which made each check 2-3x slower; these pages embed no cross-origin frames.
  // Only violations are asked for: building the details of every pass is most of the remaining cost.
  let axe = new AxeBuilder({ page })
    .withTags(scope.bestPractice === false ? WCAG : [...WCAG, 'best-practice'])
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  if (scope.include) axe = axe.include(scope.include);
  if (scope.exclude) axe = axe.exclude(scope.exclude);
  const results = await axe.analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(', ')}`,
    );
  expect(blocking, blocking.join('\n')).toEqual([]);
}
