/** Analytics (/dashboard/analytics): summary, GA embeds, top pages and sources. Data: tracker issue. */
import { BarChart3, Download } from 'lucide-react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { propertyIdOf, useIntegrations } from '../../useIntegrations';
import { useSiteContext } from '../../useSiteContext';

export default function AnalyticsScreen() {
  const { site } = useSiteContext();
  const propertyId = propertyIdOf(useIntegrations(site?.id ?? null).records);
  return (
    <div className="space-y-6">
      <ScreenHeader title="Analytics" subtitle="How visitors find and use your site"
        actions={<Button variant="outline" disabled><Download className="h-4 w-4" />Export Report</Button>} />
      {propertyId ? (
        <Card title="Google Analytics">
          <a className="text-sm text-indigo-600 underline" href="https://analytics.google.com/analytics/web/" target="_blank" rel="noopener noreferrer">Open property {propertyId} in Google Analytics</a>
        </Card>
      ) : (
        <Card title="Connect Google Analytics to see live data">
          <p className="text-sm text-slate-600">Add your property ID on the Overview to see your Google Analytics reports here.</p>
        </Card>
      )}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Card title="Top Converting Pages"><EmptyState icon={BarChart3} title="No page data yet">Install the tracking script to collect page views.</EmptyState></Card>
        <Card title="Traffic Sources"><EmptyState icon={BarChart3} title="No traffic data yet">Sources appear with your first visitors.</EmptyState></Card>
      </div>
    </div>
  );
}
