/** Overview (/dashboard): 'Dashboard Overview' with GA, scan, documents, KPIs and results. */
import { FlaskConical, Plus } from 'lucide-react';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { Link } from '../../../ui/dashboard/Link';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { ActiveOptimizationsCard } from './ActiveOptimizationsCard';
import { KpiCards } from './KpiCards';
import { WebsiteScanCard } from './WebsiteScanCard';
import { GoogleAnalyticsCard } from './GoogleAnalyticsCard';

export default function OverviewScreen() {
  return (
    <div className="space-y-6">
      <ScreenHeader
        title="Dashboard Overview"
        subtitle="Real-Time Conversion Optimization Insights"
        actions={
          <Link href="/dashboard/tests">
            <Button>
              <Plus className="h-4 w-4" />
              Create New Test
            </Button>
          </Link>
        }
      />
      <GoogleAnalyticsCard />
      <WebsiteScanCard />
      <KpiCards />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ActiveOptimizationsCard />
        <Card title="Recent Test Results">
          <EmptyState icon={FlaskConical} title="No test results yet">
            Results appear when an A/B test completes.
          </EmptyState>
        </Card>
      </div>
    </div>
  );
}
