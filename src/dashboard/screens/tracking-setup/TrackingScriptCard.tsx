/** The tracking snippet from generate-tracking-script, with Copy. */
import { useStore } from '@nanostores/react';
import { Card } from '../../../ui/Card';
import { CopyButton } from '../../../ui/CopyButton';
import { Spinner } from '../../../ui/Spinner';
import { $trackingScript, $trackingScriptFailed } from '../../data/trackingScript';

/**
 * The snippet of the current site (the screen shows this card for it only): optional beside
 * connecting by DNS, the way to connect when the install offers no DNS connection.
 */
export function TrackingScriptCard({ optional }: { optional: boolean }) {
  const script = useStore($trackingScript) ?? null;
  const failed = useStore($trackingScriptFailed);
  return (
    <Card
      title={optional ? 'Tracking Script (optional)' : 'Tracking Script'}
      testId="tracking-script"
      action={script ? <CopyButton value={script} /> : undefined}
    >
      <p className="mb-2 text-sm text-slate-600">
        Paste this tag as high in the &lt;head&gt; of every page as possible, right after &lt;meta charset&gt;, to measure visitors and
        conversions. It never holds your page: it loads in the background, keeps only the elements your optimizations change hidden until
        they are applied, and lets the page paint after 1 second at most if our server does not answer. A tag pasted earlier keeps working.
      </p>
      {failed ? (
        <p className="text-sm text-red-700">Could not load the tracking script. Reload the page to try again.</p>
      ) : script ? (
        <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">
          <code>{script}</code>
        </pre>
      ) : (
        <Spinner />
      )}
    </Card>
  );
}
