/**
 * 'Edit visually': the page to edit (the site's page by default, any URL of it the owner enters)
 * and the button that opens the visual editor there in a new tab (data/visualEditor.ts).
 */
import { MousePointerClick } from 'lucide-react';
import { useId, useState } from 'react';
import { defaultEditPage, openVisualEditor, type EditTarget } from '../../dashboard/data/visualEditor';
import { errorMessage } from '../../dashboard/data/errors';
import { Button } from '../Button';

export function EditVisuallyButton({
  domain,
  urlPattern,
  target,
  before,
  label = 'Edit visually',
}: {
  domain: string;
  urlPattern: string;
  /** The target, or a function that creates it first (the Create Test wizard saves a draft). */
  target: EditTarget | (() => Promise<EditTarget | null>);
  before?: () => string | null;
  label?: string;
}) {
  const id = useId();
  const [page, setPage] = useState(() => defaultEditPage(domain, urlPattern));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function open() {
    const problem = before?.();
    if (problem) return setError(problem);
    setError(null);
    const tab = window.open('about:blank', '_blank');
    setBusy(true);
    try {
      const t = typeof target === 'function' ? await target() : target;
      if (!t) {
        tab?.close();
        return;
      }
      await openVisualEditor(tab, domain, page, t);
    } catch (err) {
      tab?.close();
      setError(errorMessage(err, 'Could not open the visual editor.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-1 rounded-md border border-slate-200 p-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Page to edit
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={page}
          onChange={(e) => setPage(e.target.value)}
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
        />
        <Button type="button" variant="outline" disabled={busy} onClick={() => void open()}>
          <MousePointerClick className="h-4 w-4" />
          {label}
        </Button>
      </div>
      <p className="text-xs text-slate-500">Opens the page in a new tab: click the element to change, no selector to type.</p>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
