/** The overview's website CRO scan card; the website-scan issue fills it in. */
import { ScanSearch } from 'lucide-react';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';

export function WebsiteScanCard() {
  return (
    <Card title="Website CRO Scan" testId="website-scan-card">
      <EmptyState icon={ScanSearch} title="No scan yet">Scan your website to find ranked optimization opportunities.</EmptyState>
    </Card>
  );
}
