/** Overview (/dashboard): 'Dashboard Overview' with GA, scan, documents, KPIs and results. */
import { Plus } from 'lucide-react';
import { Button } from '../../../ui/Button';
import { Link } from '../../../ui/dashboard/Link';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { ActiveOptimizationsCard } from './ActiveOptimizationsCard';
import { KpiCards } from './KpiCards';
import { RecentTestsCard } from './RecentTestsCard';
import { WebsiteScanCard } from './WebsiteScanCard';
import { GoogleAnalyticsCard } from './GoogleAnalyticsCard';
import { DocumentUploadCard } from './DocumentUploadCard';
import { RecentDocumentsCard } from './RecentDocumentsCard';
import { FrustratedPagesCard } from '../../../ui/dashboard/FrustratedPagesCard';
import { ProgramImpactCard } from './ProgramImpactCard';
import { useSiteContext } from '../../data/siteContext';

export default function OverviewScreen() {
  const { site } = useSiteContext();
  return (
    <div className="space-y-6">
      <ScreenHeader
        title="Dashboard Overview"
        subtitle="Real-Time Conversion Optimization Insights"
        actions={
          <Link href="/dashboard/tests?new">
            <Button>
              <Plus className="h-4 w-4" />
              Create New Test
            </Button>
          </Link>
        }
      />
      <GoogleAnalyticsCard />
      <WebsiteScanCard />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <DocumentUploadCard />
        <RecentDocumentsCard />
      </div>
      <KpiCards />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ActiveOptimizationsCard />
        <RecentTestsCard />
      </div>
      {site && <ProgramImpactCard siteId={site.id} />}
      {site && <FrustratedPagesCard siteId={site.id} planTier={site.plan_tier} />}
    </div>
  );
}
