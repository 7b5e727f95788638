/**
 * Click Maps: the chosen page's elements by clicks for the chosen device class, with each one's
 * share of the page's clicks and its rage and dead clicks (definitions in the column tips).
 */
import { useStore } from '@nanostores/react';
import { MousePointerClick } from 'lucide-react';
import { useEffect, useState } from 'react';
import { countOf, formatShare } from '../../../lib/heatmap';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { errorMessage } from '../../data/errors';
import { $heatmapDevice, $heatmapPage, fetchClickMap, type ClickMap } from '../../data/heatmaps';
import { HeatmapPicker, useHeatmapPages } from './HeatmapPicker';

const RAGE_TIP = 'Bursts of 3 or more clicks by one visitor on the element within a second';
const DEAD_TIP =
  'Clicks on text, images and other elements that are not links, buttons or form controls, not followed by a page change within a second';

export function ClickMapsTab({ siteId }: { siteId: string }) {
  const { pages, error } = useHeatmapPages(siteId);
  const page = useStore($heatmapPage);
  const device = useStore($heatmapDevice);
  const [map, setMap] = useState<{ key: string; data?: ClickMap; error?: string }>({ key: '' });
  const key = `${siteId} ${page} ${device}`;

  useEffect(() => {
    if (!page) return;
    let live = true;
    fetchClickMap(siteId, page, device).then(
      (data) => live && setMap({ key, data }),
      (err) => live && setMap({ key, error: errorMessage(err, 'Could not load the click map') }),
    );
    return () => {
      live = false;
    };
  }, [siteId, page, device, key]);

  if (error) return <p role="alert">{error}</p>;
  if (!pages) return <Spinner />;
  if (!pages.length) {
    return (
      <EmptyState icon={MousePointerClick} title="No clicks yet">
        Click maps appear once the tracking script has recorded visits.
      </EmptyState>
    );
  }
  const current = map.key === key ? map : undefined;
  return (
    <div>
      <HeatmapPicker pages={pages} idPrefix="click-map" />
      {!current ? (
        <Spinner />
      ) : current.error ? (
        <p role="alert">{current.error}</p>
      ) : !current.data?.elements.length ? (
        <p className="text-sm text-slate-600">No clicks on this page from this device in the last 30 days.</p>
      ) : (
        <div className="overflow-x-auto">
          <p className="mb-2 text-sm text-slate-600" data-testid="click-map-total">
            {countOf(current.data.clicks, 'click')} in the last 30 days
          </p>
          <table className="w-full text-left text-sm" data-testid="click-map">
            <thead className="border-b border-slate-200 text-slate-500">
              <tr>
                <th className="py-2 pr-3 font-medium">Element</th>
                <th className="py-2 pr-3 text-right font-medium">Clicks</th>
                <th className="py-2 pr-3 text-right font-medium">Share</th>
                <th className="py-2 pr-3 text-right font-medium" title={RAGE_TIP}>
                  Rage clicks
                </th>
                <th className="py-2 text-right font-medium" title={DEAD_TIP}>
                  Dead clicks
                </th>
              </tr>
            </thead>
            <tbody>
              {current.data.elements.map((e) => (
                <tr key={e.selector} className="border-b border-slate-100" data-testid="click-map-row" data-selector={e.selector}>
                  <td className="py-2 pr-3">
                    <code className="break-all text-xs text-slate-800">{e.selector}</code>
                    {e.text && <span className="ml-2 text-slate-500">“{e.text}”</span>}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums" data-testid="click-map-clicks">
                    {e.clicks.toLocaleString('en-US')}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatShare(e.share)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums" data-testid="click-map-rage">
                    {e.rageClicks.toLocaleString('en-US')}
                  </td>
                  <td className="py-2 text-right tabular-nums" data-testid="click-map-dead">
                    {e.deadClicks.toLocaleString('en-US')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-xs text-slate-500">
            Rage clicks: {RAGE_TIP.toLowerCase()}. Dead clicks: {DEAD_TIP.toLowerCase()}; what the page itself did is seen in a recording.
          </p>
        </div>
      )}
    </div>
  );
}
