/**
 * The edge's cache of the site's static files: how many it keeps, how many requests it answered
 * itself, and a purge for the owner and admins (after replacing a file under the same name).
 * Hidden when the install's edge does not cache.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { formatBytes, formatCount, formatPercent } from '../../../lib/format';
import { Button } from '../../../ui/Button';
import { notify } from '../../../ui/toast';
import { $edgeCache, purgeEdgeCache, refreshEdgeCache } from '../../data/edgeCache';
import { errorMessage } from '../../data/errors';

export function EdgeCacheCard({ siteId, canManage }: { siteId: string; canManage: boolean }) {
  const stats = useStore($edgeCache);
  const [purging, setPurging] = useState(false);
  if (!stats?.enabled) return null;

  const purge = async () => {
    setPurging(true);
    try {
      const { purged } = await purgeEdgeCache(siteId);
      notify(
        'Cache purged',
        `${purged === 1 ? '1 cached file' : `${formatCount(purged)} cached files`} dropped. Visitors now get fresh copies from your server.`,
      );
      await refreshEdgeCache();
    } catch (err) {
      notify('Could not purge the cache', errorMessage(err, 'Please try again.'), 'destructive');
    } finally {
      setPurging(false);
    }
  };

  const entries = stats.entries ?? 0;
  return (
    <section className="mb-4 rounded-md border border-slate-200 p-3" aria-label="Edge cache" data-testid="edge-cache">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Edge cache</h3>
          <p className="text-sm text-slate-600" data-testid="edge-cache-figures">
            {entries === 1 ? '1 file cached' : `${formatCount(entries)} files cached`} ({formatBytes(stats.bytes ?? 0)}) ·{' '}
            {stats.hitRatio == null
              ? 'no requests yet'
              : `${formatPercent(stats.hitRatio * 100, 0)} of requests answered from the cache (${formatBytes(stats.bytesFromCache ?? 0)})`}
          </p>
        </div>
        {canManage && (
          <Button variant="outline" disabled={purging} onClick={() => void purge()}>
            {purging ? 'Purging...' : 'Purge cache'}
          </Button>
        )}
      </div>
      <p className="mt-1 text-xs text-slate-500">
        Our edge keeps your images, stylesheets and scripts as long as your server&apos;s cache headers allow; pages always come from your
        server. Purge after you replace a file under the same name.
      </p>
    </section>
  );
}
