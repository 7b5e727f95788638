/**
 * Analytics (/dashboard/analytics): the site's own tracker data from rollups: summary cards, a
 * visitors and conversions chart over 7, 30 or 90 days, top converting pages, traffic sources
 * (referrer and UTM), devices, browsers and countries; the range's sessions, with 'Watch Replay'
 * on recorded ones for plans with recordings (RecentSessions); Export Report gives the range as
 * a report file (ExportMenu). The Google Analytics panel stays beside it. Refreshes on live traffic.
 */
import { useStore } from '@nanostores/react';
import { BarChart3 } from 'lucide-react';
import { can } from '../../../lib/plans';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { NoSite } from '../../../ui/dashboard/NoSite';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { Spinner } from '../../../ui/Spinner';
import { $analytics, $analyticsRange, RANGES, setAnalyticsRange, type DimRow, type PageRow } from '../../data/analytics';
import { $integrations, propertyIdOf } from '../../data/integrations';
import { useSiteContext } from '../../data/siteContext';
import { BreakdownTable, type Column } from './BreakdownTable';
import { ExportMenu } from './ExportMenu';
import { RecentSessions } from './RecentSessions';
import { FrustratedPagesCard } from '../../../ui/dashboard/FrustratedPagesCard';
import { money, SummaryCards } from './SummaryCards';
import { VisitorsChart } from './VisitorsChart';

const PAGE_COLUMNS: Column<PageRow>[] = [
  { label: 'Page', value: (p) => p.path },
  { label: 'Views', value: (p) => p.pageviews.toLocaleString('en-US'), numeric: true },
  { label: 'Conversions', value: (p) => p.conversions.toLocaleString('en-US'), numeric: true },
  { label: 'Revenue', value: (p) => money(p.revenue), numeric: true },
  { label: 'CVR', value: (p) => `${p.conversionRate.toFixed(1)}%`, numeric: true },
];

const dimColumns = (label: string): Column<DimRow>[] => [
  { label, value: (d) => d.value },
  { label: 'Sessions', value: (d) => d.sessions.toLocaleString('en-US'), numeric: true },
  { label: 'Conversions', value: (d) => d.conversions.toLocaleString('en-US'), numeric: true },
  { label: 'Revenue', value: (d) => money(d.revenue), numeric: true },
];

/** The report's breakdowns by one dimension, each a table of sessions, conversions and revenue. */
const UTM_TABLES = [
  { key: 'utmSources', caption: 'UTM sources', label: 'utm_source' },
  { key: 'utmMediums', caption: 'UTM mediums', label: 'utm_medium' },
  { key: 'utmCampaigns', caption: 'UTM campaigns', label: 'utm_campaign' },
] as const;
const DEVICE_CARDS = [
  { key: 'devices', title: 'Devices', label: 'Device', empty: 'No device data yet.' },
  { key: 'browsers', title: 'Browsers', label: 'Browser', empty: 'No browser data yet.' },
  { key: 'countries', title: 'Countries', label: 'Country', empty: 'No country data yet.' },
] as const;

function DimensionTable({ caption, rows, label, empty }: { caption: string; rows: DimRow[]; label: string; empty: string }) {
  return <BreakdownTable caption={caption} rows={rows} columns={dimColumns(label)} rowKey={(d) => d.value} empty={empty} />;
}

export default function AnalyticsScreen() {
  const { site, loading: sitesLoading } = useSiteContext();
  const propertyId = propertyIdOf(useStore($integrations));
  const days = useStore($analyticsRange);
  const { value: report, error: failed } = useStore($analytics);
  const error = failed ? 'Could not load analytics. Please try again.' : null;
  const loading = !report && !failed;
  const current = report && report.siteId === site?.id && report.days === days ? report : null;
  const hasData = !!current && (current.summary.sessions > 0 || current.summary.pageviews > 0);

  if (!site) return sitesLoading ? <Spinner /> : <NoSite />;

  const rangePicker = (
    <div role="group" aria-label="Date range" className="inline-flex overflow-hidden rounded-md border border-slate-300">
      {RANGES.map((r) => (
        <button
          key={r}
          type="button"
          aria-pressed={days === r}
          onClick={() => setAnalyticsRange(r)}
          className={
            days === r
              ? 'bg-indigo-600 px-3 py-2 text-sm font-medium text-white'
              : 'bg-white px-3 py-2 text-sm text-slate-700 hover:bg-slate-50'
          }
        >
          {r} days
        </button>
      ))}
    </div>
  );
  const exportButton = <ExportMenu siteId={site.id} days={days} disabled={!current} />;

  return (
    <div className="space-y-6">
      <ScreenHeader
        title="Analytics"
        subtitle="How visitors find and use your site"
        actions={
          <>
            {rangePicker}
            {exportButton}
          </>
        }
      />
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
          {error}
        </p>
      )}
      {!current && loading && <Spinner />}
      {current && <SummaryCards report={current} />}
      {current && (
        <Card title={`Visitors and Conversions (last ${days} days)`}>
          {hasData ? (
            <VisitorsChart series={current.series} />
          ) : (
            <EmptyState icon={BarChart3} title="No visitors yet">
              Install the tracking script (Speed &amp; Tracking) to see your visitors here.
            </EmptyState>
          )}
        </Card>
      )}
      {propertyId ? (
        <Card title="Google Analytics">
          <a
            className="text-sm text-indigo-600 underline"
            href="https://analytics.google.com/analytics/web/"
            target="_blank"
            rel="noopener noreferrer"
          >
            Open property {propertyId} in Google Analytics
          </a>
        </Card>
      ) : (
        <Card title="Connect Google Analytics to see live data">
          <p className="text-sm text-slate-600">Add your property ID on the Overview to see your Google Analytics reports here.</p>
        </Card>
      )}
      {current && (
        <>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <Card title="Top Converting Pages" testId="top-pages">
              <BreakdownTable
                caption="Top converting pages"
                rows={current.pages}
                columns={PAGE_COLUMNS}
                rowKey={(p) => p.path}
                empty="No page data yet. Install the tracking script to collect page views."
              />
            </Card>
            <Card title="Traffic Sources" testId="traffic-sources">
              <DimensionTable
                caption="Traffic sources"
                rows={current.sources}
                label="Source"
                empty="Sources appear with your first visitors."
              />
              {UTM_TABLES.some((t) => current[t.key].length > 0) && (
                <div className="mt-4 space-y-3">
                  <h3 className="text-sm font-semibold text-slate-700">UTM campaigns</h3>
                  {UTM_TABLES.map(
                    (t) =>
                      current[t.key].length > 0 && (
                        <DimensionTable key={t.key} caption={t.caption} rows={current[t.key]} label={t.label} empty="" />
                      ),
                  )}
                </div>
              )}
            </Card>
          </div>
          <RecentSessions siteId={site.id} days={days} canReplay={can(site.plan_tier, 'recordings')} />
          <FrustratedPagesCard siteId={site.id} planTier={site.plan_tier} />
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
            {DEVICE_CARDS.map((c) => (
              <Card key={c.key} title={c.title} testId={c.key}>
                <DimensionTable caption={c.title} rows={current[c.key]} label={c.label} empty={c.empty} />
              </Card>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
