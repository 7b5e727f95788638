/** How a funnel step is named on screen: its page pattern, or its goal's name. */
import type { FunnelStepDef } from '../../../lib/funnels';

export function stepLabel(step: FunnelStepDef, goalNames: ReadonlyMap<string, string>): string {
  return step.kind === 'page' ? step.match : `Goal: ${goalNames.get(step.goal) ?? 'deleted goal'}`;
}
