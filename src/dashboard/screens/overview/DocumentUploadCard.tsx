/**
 * Document upload: drop or choose a file (only the first one is used); progress 20 to 100 with an
 * uploading then an analyzing phase. The server checks the file (type by content, 20 MB) and
 * analyses it; its refusal is shown as it words it. Documents are a paid feature: on a Free site
 * the card says so (the server refuses the upload).
 */
import { useStore } from '@nanostores/react';
import { FileUp } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { DOCUMENT_ACCEPT } from '../../../lib/documents/accept';
import { can, upgradeMessage } from '../../../lib/plans';
import { Card } from '../../../ui/Card';
import { notify } from '../../../ui/toast';
import { uploadDocument, type UploadPhase } from '../../data/documents';
import { errorMessage } from '../../data/errors';
import { $currentSite, $currentSiteId } from '../../data/sites';
import { $user } from '../../data/session';

/** How long the finished progress stays before the card is ready for the next file. */
const DONE_DELAY_MS = 1500;

export function DocumentUploadCard() {
  const user = useStore($user);
  const siteId = useStore($currentSiteId);
  const site = useStore($currentSite);
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ percent: number; phase: UploadPhase } | null>(null);
  const [dragging, setDragging] = useState(false);

  const upload = async (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (!file || progress) return;
    if (!user) {
      notify('Upload Failed', 'Not authenticated', 'destructive');
      return;
    }
    try {
      await uploadDocument(file, user.id, siteId, (percent, phase) => setProgress({ percent, phase }));
      notify('Success!', 'Document uploaded and analyzed successfully', 'success');
      setTimeout(() => setProgress(null), DONE_DELAY_MS);
    } catch (err) {
      notify('Upload Failed', errorMessage(err, 'Could not upload document'), 'destructive');
      setProgress(null);
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void upload(e.dataTransfer.files);
  };

  return (
    <Card title="Upload Documents" testId="document-upload">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center justify-center gap-2 rounded-md border-2 border-dashed p-6 text-center ${
          dragging ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300'
        }`}
      >
        <FileUp className="h-8 w-8 text-indigo-600" aria-hidden="true" />
        <p className="text-sm text-slate-700">Drop a document here for AI analysis, or</p>
        <label className="cursor-pointer rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-700">
          Choose File
          <input
            ref={input}
            type="file"
            className="sr-only"
            accept={DOCUMENT_ACCEPT}
            disabled={!!progress}
            data-testid="document-input"
            onChange={(e) => void upload(e.target.files)}
          />
        </label>
        <p className="text-xs text-slate-500">PDF, Word, text, Markdown, CSV, Excel or PowerPoint · up to 20MB</p>
      </div>
      {site && !can(site.plan_tier, 'documents') && (
        <p className="mt-3 text-sm text-slate-600" data-testid="document-upgrade">
          {upgradeMessage('documents').replace(/ Upgrade at \/pricing\.$/, '')}{' '}
          <a href="/pricing" className="font-medium text-indigo-600 hover:underline">
            Upgrade
          </a>
        </p>
      )}
      {progress && (
        <div className="mt-3" data-testid="document-progress">
          <div className="mb-1 flex justify-between text-xs text-slate-600">
            <span>{progress.phase === 'uploading' ? 'Uploading…' : 'Analyzing…'}</span>
            <span>{progress.percent}%</span>
          </div>
          <div
            className="h-2 rounded-full bg-slate-100"
            role="progressbar"
            aria-label="Upload progress"
            aria-valuenow={progress.percent}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="h-2 rounded-full bg-indigo-600 transition-all" style={{ width: `${progress.percent}%` }} />
          </div>
        </div>
      )}
    </Card>
  );
}
