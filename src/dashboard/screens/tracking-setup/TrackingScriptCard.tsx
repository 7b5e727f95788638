/** The tracking snippet from generate-tracking-script, with Copy. */
import { useStore } from '@nanostores/react';
import { Card } from '../../../ui/Card';
import { CopyButton } from '../../../ui/CopyButton';
import { Spinner } from '../../../ui/Spinner';
import { $trackingScript, $trackingScriptFailed } from '../../data/trackingScript';

/** The snippet of the current site (the screen shows this card for it only). */
export function TrackingScriptCard() {
  const script = useStore($trackingScript) ?? null;
  const failed = useStore($trackingScriptFailed);
  return (
    <Card title="Tracking Script (optional)" testId="tracking-script" action={script ? <CopyButton value={script} /> : undefined}>
      <p className="mb-2 text-sm text-slate-600">
        Paste this tag as high in the &lt;head&gt; of every page as possible, right after &lt;meta charset&gt;, to measure visitors and
        conversions. Keep it as it is, without async or defer: it loads before the page is painted so that your optimizations show with no
        flash of the original content.
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
