/** A rule's health as a badge (Healthy, Warning, Critical, Disabled). */
import { Badge } from '../Badge';

const HEALTH: Record<string, { label: string; tone: 'success' | 'warning' | 'danger' | 'secondary' }> = {
  healthy: { label: 'Healthy', tone: 'success' },
  warning: { label: 'Warning', tone: 'warning' },
  critical: { label: 'Critical', tone: 'danger' },
  disabled: { label: 'Disabled', tone: 'secondary' },
};

export function HealthBadge({ status }: { status: string }) {
  const h = HEALTH[status] ?? HEALTH.healthy!;
  return <Badge tone={h.tone}>{h.label}</Badge>;
}
