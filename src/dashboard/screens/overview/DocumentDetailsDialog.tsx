/** A completed document's analysis: summary, key insights, recommendations, opportunity score, language and who wrote it. */
import { Dialog } from '../../../ui/Dialog';
import type { DocumentRecord } from '../../data/records';

const ENGINE_LABEL = {
  model: 'Analysed by the AI model',
  builtin: 'Analysed by the built-in engine (no AI model configured)',
  'builtin-fallback': "Analysed by the built-in engine: the AI model's answer could not be used",
} as const;

export function DocumentDetailsDialog({ doc, onClose }: { doc: DocumentRecord; onClose: () => void }) {
  const r = doc.analysis_result;
  return (
    <Dialog title={doc.file_name} onClose={onClose}>
      <div className="space-y-3 text-sm text-slate-700" data-testid="document-details">
        <p className="text-xs text-slate-500">
          Opportunity score {r?.opportunityScore ?? 0}/10 · Language {doc.language || 'unknown'}
          {r ? ` · ${ENGINE_LABEL[r.engine]}` : ''}
        </p>
        <section>
          <h3 className="font-semibold text-slate-900">Summary</h3>
          <p>{doc.analysis_summary}</p>
        </section>
        {r && r.keyInsights.length > 0 && (
          <section>
            <h3 className="font-semibold text-slate-900">Key insights</h3>
            <ul className="list-disc pl-5">
              {r.keyInsights.map((x) => (
                <li key={x}>{x}</li>
              ))}
            </ul>
          </section>
        )}
        {r && r.recommendations.length > 0 && (
          <section>
            <h3 className="font-semibold text-slate-900">Recommendations</h3>
            <ul className="list-disc pl-5">
              {r.recommendations.map((x) => (
                <li key={x}>{x}</li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </Dialog>
  );
}
