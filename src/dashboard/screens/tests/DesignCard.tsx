/** A multi-page test's pages or a multivariate test's sections, as the detail view lists them. */
import { Card } from '../../../ui/Card';
import type { ExperimentRecord } from '../../data/records';

export function DesignCard({ experiment }: { experiment: ExperimentRecord }) {
  if (experiment.test_type === 'multi_page' && experiment.pages?.length) {
    return (
      <Card title="Pages">
        <ul className="space-y-1 text-sm" data-testid="test-pages">
          {experiment.pages.map((p, j) => (
            <li key={j}>
              <span className="font-medium">{p.name}</span> · {p.url_pattern} · {p.selector || 'page'}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-slate-500">
          One variant per visitor on every page; exposed on the first page of the test they reach.
        </p>
      </Card>
    );
  }
  if (experiment.test_type === 'multivariate' && experiment.sections?.length) {
    return (
      <Card title={`Sections (${experiment.variants?.length ?? 0} combinations)`}>
        <ul className="space-y-1 text-sm" data-testid="test-sections">
          {experiment.sections.map((s) => (
            <li key={s.key}>
              <span className="font-medium">{s.name}</span> · {s.selector} · {s.alternatives.map((a) => a.name).join(', ')}
            </li>
          ))}
        </ul>
      </Card>
    );
  }
  return null;
}
