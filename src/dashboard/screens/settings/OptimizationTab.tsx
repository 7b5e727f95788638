/** The Optimization tab: a placeholder with no settings yet. */
import { Card } from '../../../ui/Card';

export function OptimizationTab() {
  return (
    <Card title="Optimization Settings">
      <p className="text-sm text-slate-600">Advanced optimization settings will be available here</p>
    </Card>
  );
}
