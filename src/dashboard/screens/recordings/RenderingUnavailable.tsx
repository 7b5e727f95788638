/**
 * The heatmap's error state when the server could not fetch the page to draw the clicks on: what
 * went wrong in words, what to check, and a retry. The click and scroll figures stay on screen.
 */
import { AlertTriangle, RotateCcw } from 'lucide-react';
import { Button } from '../../../ui/Button';

export function RenderingUnavailable({ reason, path, onRetry }: { reason: string; path: string; onRetry: () => void }) {
  return (
    <section
      role="alert"
      aria-labelledby="rendering-unavailable-title"
      className="rounded-md border border-amber-200 bg-amber-50 p-5 text-sm text-amber-950"
      data-testid="rendering-unavailable"
    >
      <h3 id="rendering-unavailable-title" className="flex items-center gap-2 text-base font-semibold">
        <AlertTriangle className="h-5 w-5 shrink-0" aria-hidden />
        We could not load {path} from your site
      </h3>
      <p className="mt-2">Reason: {reason}</p>
      <p className="mt-2">
        The heatmap is drawn over the page as your site serves it now. Check that the page opens in a private browser window: pages behind a
        sign-in, or sites that block unknown visitors, cannot be drawn. The figures above are not affected.
      </p>
      <Button variant="outline" className="mt-3" onClick={onRetry}>
        <RotateCcw className="h-4 w-4" aria-hidden />
        Try again
      </Button>
    </section>
  );
}
