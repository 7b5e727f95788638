/**
 * Heatmaps: the chosen page rendered as the site serves it now, for the chosen device class, with
 * the clicks of the last 30 days drawn over the elements they were made on, or the scroll map
 * (how far down the page views got).
 */
import { useStore } from '@nanostores/react';
import { Flame } from 'lucide-react';
import { useEffect, useState } from 'react';
import { countOf } from '../../../lib/heatmap';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { TabList } from '../../../ui/TabList';
import { errorMessage } from '../../data/errors';
import {
  $heatmapDevice,
  $heatmapPage,
  fetchClickMap,
  fetchPageRendering,
  fetchScrollMap,
  pageRenderingProblem,
  type ClickMap,
  type ScrollMap,
} from '../../data/heatmaps';
import { HeatmapPicker, useHeatmapPages } from './HeatmapPicker';
import { PageRendering } from './PageRendering';
import { RenderingUnavailable } from './RenderingUnavailable';

const VIEWS = [
  { id: 'clicks', label: 'Clicks' },
  { id: 'scroll', label: 'Scroll depth' },
] as const;

interface Loaded {
  key: string;
  url?: string;
  /** Why the page could not be drawn (the figures are still shown). */
  renderProblem?: string | null;
  clicks?: ClickMap;
  scroll?: ScrollMap;
  error?: string;
}

/** `scrollMaps` false (the Starter plan): the click layer only; the server refuses scroll maps. */
export function HeatmapsTab({ siteId, scrollMaps }: { siteId: string; scrollMaps: boolean }) {
  const { pages, error } = useHeatmapPages(siteId);
  const page = useStore($heatmapPage);
  const device = useStore($heatmapDevice);
  const [view, setView] = useState<'clicks' | 'scroll'>('clicks');
  const [loaded, setLoaded] = useState<Loaded>({ key: '' });
  const [attempt, setAttempt] = useState(0);
  const key = `${siteId} ${page} ${device}`;

  useEffect(() => {
    if (!page) return;
    let live = true;
    const rendering = fetchPageRendering(siteId, page).then(async (url) => ({ url, problem: await pageRenderingProblem(url) }));
    const scrolled = scrollMaps ? fetchScrollMap(siteId, page, device) : Promise.resolve(undefined);
    Promise.all([rendering, fetchClickMap(siteId, page, device), scrolled]).then(
      ([{ url, problem }, clicks, scroll]) => live && setLoaded({ key, url, renderProblem: problem, clicks, scroll }),
      (err) => live && setLoaded({ key, error: errorMessage(err, 'Could not load the heatmap') }),
    );
    return () => {
      live = false;
    };
  }, [siteId, page, device, key, attempt, scrollMaps]);

  if (error) return <p role="alert">{error}</p>;
  if (!pages) return <Spinner />;
  if (!pages.length) {
    return (
      <EmptyState icon={Flame} title="No clicks yet">
        Heatmaps appear once the tracking script has recorded visits.
      </EmptyState>
    );
  }
  const current = loaded.key === key ? loaded : undefined;
  return (
    <div>
      <HeatmapPicker pages={pages} idPrefix="heatmap" />
      {scrollMaps && <TabList label="Heatmap view" tabs={VIEWS} active={view} onSelect={setView} />}
      {!current ? (
        <Spinner />
      ) : current.error || !current.url || !current.clicks ? (
        <p role="alert">{current.error}</p>
      ) : (
        <div>
          <p className="mb-2 text-sm text-slate-600" data-testid="heatmap-summary">
            {view === 'clicks'
              ? `${countOf(current.clicks.clicks, 'click')} in the last 30 days`
              : `${countOf(current.scroll?.pageViews ?? 0, 'page view')} with a measured scroll depth in the last 30 days`}
          </p>
          {current.renderProblem ? (
            <RenderingUnavailable
              reason={current.renderProblem}
              path={page}
              onRetry={() => {
                setLoaded({ key: '' });
                setAttempt((n) => n + 1);
              }}
            />
          ) : (
            <PageRendering
              key={`${current.url} ${device}`}
              url={current.url}
              device={device}
              view={view}
              bins={current.clicks.bins}
              scroll={current.scroll}
            />
          )}
        </div>
      )}
    </div>
  );
}
