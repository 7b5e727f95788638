/** The Google Analytics connect card (filled in by the dashboard-core issue). */
import { Card } from '../../components/Card';

export function GoogleAnalyticsCard() {
  return <Card title="Google Analytics"><p className="text-sm text-slate-600">Connect Google Analytics with your property ID.</p></Card>;
}
