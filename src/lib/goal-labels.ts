/** How a stored goal reads in lists: what completes it. */
import { GOAL_TYPE_LABELS, PURCHASE_EVENT, type GoalType } from './goals';

export function goalKindLabel(type: GoalType, match: string): string {
  if (type === 'event' && match === PURCHASE_EVENT) return 'Revenue (purchase)';
  return GOAL_TYPE_LABELS[type]?.label ?? type;
}
