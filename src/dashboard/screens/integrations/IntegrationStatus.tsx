/** The status shown on an integration card: connected, error, pending or not connected. */
import { Badge } from '../../../ui/Badge';

export function IntegrationStatus({ status }: { status: string | undefined }) {
  if (status === 'connected') return <Badge tone="success">Connected</Badge>;
  if (status === 'error') return <Badge tone="danger">Error</Badge>;
  if (status === 'pending') return <Badge tone="warning">Pending</Badge>;
  return <Badge tone="outline">Not connected</Badge>;
}
