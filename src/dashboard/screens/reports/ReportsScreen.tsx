/**
 * Reports (/dashboard/reports): the site's scheduled reports (Active or Paused; editors and owners
 * create, edit, pause, send now and delete them; viewers read) and the 10 latest generated reports
 * with their files. The server makes and sends them (pocketbase/reports).
 */
import { useStore } from '@nanostores/react';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { NoSite } from '../../../ui/dashboard/NoSite';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { Spinner } from '../../../ui/Spinner';
import { notify } from '../../../ui/toast';
import { useSiteContext } from '../../data/siteContext';
import { $reportHistory, $reportHistoryError, $scheduledReports, $scheduledReportsError, createReport } from '../../data/reports';
import { ReportDialog } from './ReportDialog';
import { ReportHistoryList } from './ReportHistoryList';
import { ScheduledReportList } from './ScheduledReportList';

export default function ReportsScreen() {
  const { site, user, loading, canEdit } = useSiteContext();
  const reports = useStore($scheduledReports);
  const history = useStore($reportHistory);
  const reportsError = useStore($scheduledReportsError);
  const historyError = useStore($reportHistoryError);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    if (reportsError) notify('Error loading reports', 'Could not load scheduled reports', 'destructive');
  }, [reportsError]);
  useEffect(() => {
    if (historyError) console.error(historyError);
  }, [historyError]);

  if (!site) return loading ? <Spinner /> : <NoSite />;
  return (
    <div className="space-y-6">
      <ScreenHeader
        title="Reports"
        subtitle="Scheduled and generated reports"
        actions={
          canEdit && (
            <Button onClick={() => setCreating(true)}>
              <Plus className="h-4 w-4" />
              New Report
            </Button>
          )
        }
      />
      <Card title="Scheduled Reports" testId="scheduled-reports">
        {reports === undefined ? <Spinner /> : <ScheduledReportList reports={reports} canEdit={canEdit} planTier={site.plan_tier} />}
      </Card>
      <Card title="Report History" testId="report-history">
        {history === undefined ? <Spinner /> : <ReportHistoryList history={history} />}
      </Card>
      {creating && (
        <ReportDialog
          title="New Report"
          submitLabel="Create Report"
          initial={{
            name: '',
            report_type: 'performance',
            frequency: 'weekly',
            format: 'pdf',
            recipients: user?.email ? [user.email] : [],
            enabled: true,
          }}
          planTier={site.plan_tier}
          onSave={(input) => createReport(site.id, input)}
          onClose={() => setCreating(false)}
        />
      )}
    </div>
  );
}
