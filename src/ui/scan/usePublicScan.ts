import { useState, type FormEvent } from 'react';
import type { ScanResponse } from '../../lib/audit/present';
import { runPublicScan, scanErrorMessage } from '../../client/scan';
import { useScanProgress } from './useScanProgress';

/**
 * The public scan's state for a form: the URL typed, the progress bar (steps every stepMs, held
 * at the last step until the scan answers), the result or the error. A new scan clears the
 * earlier result. onEmpty runs when an empty URL is submitted, onFailed with the error shown.
 */
export function usePublicScan(
  steps: readonly number[],
  stepMs: number,
  on: { onEmpty?: () => void; onFailed?: (message: string) => void } = {},
) {
  const [url, setUrl] = useState('');
  const [scanning, setScanning] = useState(false);
  const [result, setResult] = useState<ScanResponse | null>(null);
  const [error, setError] = useState('');
  const progress = useScanProgress(steps, stepMs);

  const complete = result !== null && progress.done;
  /** Busy from the click until the results show (the bar holds at its last step until then). */
  const busy = scanning || (result !== null && !progress.done);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!url.trim()) {
      on.onEmpty?.();
      return;
    }
    setResult(null);
    setError('');
    setScanning(true);
    progress.start();
    try {
      const res = await runPublicScan(url.trim());
      setResult(res);
      progress.resolve();
    } catch (err) {
      progress.reset();
      const message = scanErrorMessage(err);
      setError(message);
      on.onFailed?.(message);
    } finally {
      setScanning(false);
    }
  }

  return { url, setUrl, result, error, progress: progress.progress, complete, busy, submit };
}
