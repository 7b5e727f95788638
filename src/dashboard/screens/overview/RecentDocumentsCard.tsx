/**
 * Recent documents of the site: name, size, state ('Analyzing', 'Completed' with view details,
 * 'Failed' with the reason) and delete, which works in any state.
 */
import { useStore } from '@nanostores/react';
import { FileText, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { formatFileSize } from '../../../lib/documents/accept';
import { Badge } from '../../../ui/Badge';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { notify } from '../../../ui/toast';
import { $documents, deleteDocument, refetchDocuments } from '../../data/documents';
import type { DocumentRecord } from '../../data/records';
import { DocumentDetailsDialog } from './DocumentDetailsDialog';

function State({ doc, onView }: { doc: DocumentRecord; onView: () => void }) {
  if (doc.analysis_status === 'completed') {
    return (
      <span className="flex items-center gap-2">
        <Badge tone="success">Completed</Badge>
        <button type="button" className="text-xs font-medium text-indigo-700 hover:underline" onClick={onView}>
          View details
        </button>
      </span>
    );
  }
  if (doc.analysis_status === 'failed')
    return (
      <span title={doc.analysis_summary}>
        <Badge tone="danger">Failed</Badge>
      </span>
    );
  return <Badge tone="warning">Analyzing</Badge>;
}

export function RecentDocumentsCard() {
  const docs = useStore($documents).value;
  const [viewing, setViewing] = useState<DocumentRecord | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  const remove = async (doc: DocumentRecord) => {
    setDeleting(doc.id);
    try {
      await deleteDocument(doc.id);
      notify('Document deleted', undefined, 'success');
      await refetchDocuments();
    } catch (err) {
      console.error(err);
      notify('Delete failed', 'Could not delete document', 'destructive');
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Card title="Recent Documents" testId="recent-documents">
      {!docs || docs.length === 0 ? (
        <EmptyState icon={FileText} title="No documents yet">
          Uploaded documents and their analysis appear here.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {docs.map((doc) => (
            <li key={doc.id} className="flex items-center justify-between gap-2 py-2" data-testid="document-row">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{doc.file_name}</p>
                <p className="text-xs text-slate-500">
                  {formatFileSize(doc.file_size)}
                  {doc.analysis_status === 'failed' && doc.analysis_summary ? ` · ${doc.analysis_summary}` : ''}
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-2">
                <State doc={doc} onView={() => setViewing(doc)} />
                <button
                  type="button"
                  aria-label={`Delete ${doc.file_name}`}
                  disabled={deleting === doc.id}
                  onClick={() => void remove(doc)}
                  className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-red-700 disabled:opacity-50"
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {viewing && <DocumentDetailsDialog doc={viewing} onClose={() => setViewing(null)} />}
    </Card>
  );
}
