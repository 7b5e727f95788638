/** The page and device pickers both heatmap tabs share; loads the site's most viewed pages. */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { DEVICE_CLASSES, DEVICE_LABELS, type DeviceClass } from '../../../lib/heatmap';
import { SelectField } from '../../../ui/SelectField';
import { errorMessage } from '../../data/errors';
import { $heatmapDevice, $heatmapPage, fetchHeatmapPages, type HeatmapPage } from '../../data/heatmaps';

const DEVICE_OPTIONS = DEVICE_CLASSES.map((d) => [d, DEVICE_LABELS[d]] as const);

/** The pages (undefined while loading) or the error, for the tab to say what it shows. */
export function useHeatmapPages(siteId: string): { pages?: HeatmapPage[]; error?: string } {
  const [state, setState] = useState<{ siteId: string; pages?: HeatmapPage[]; error?: string }>({ siteId: '' });
  useEffect(() => {
    let live = true;
    fetchHeatmapPages(siteId).then(
      (pages) => {
        if (!live) return;
        if (pages.length && !pages.some((p) => p.path === $heatmapPage.get())) $heatmapPage.set(pages[0]!.path);
        setState({ siteId, pages });
      },
      (err) => live && setState({ siteId, error: errorMessage(err, 'Could not load the pages') }),
    );
    return () => {
      live = false;
    };
  }, [siteId]);
  return state.siteId === siteId ? state : {};
}

export function HeatmapPicker({ pages, idPrefix }: { pages: HeatmapPage[]; idPrefix: string }) {
  const page = useStore($heatmapPage);
  const device = useStore($heatmapDevice);
  return (
    <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
      <SelectField
        id={`${idPrefix}-page`}
        label="Page"
        value={page}
        options={pages.map((p) => [p.path, `${p.path} (${p.pageviews.toLocaleString('en-US')} views)`] as const)}
        onValue={(v) => $heatmapPage.set(v)}
      />
      <SelectField<DeviceClass>
        id={`${idPrefix}-device`}
        label="Device"
        value={device}
        options={DEVICE_OPTIONS}
        onValue={(v) => $heatmapDevice.set(v)}
      />
    </div>
  );
}
