/** Recent Registrations: all users' sites, newest first. */
import { Badge } from '../../../ui/Badge';
import { Card } from '../../../ui/Card';
import type { AdminOverview } from '../../data/admin';

export function RecentRegistrations({ rows }: { rows: AdminOverview['registrations'] }) {
  return (
    <Card title="Recent Registrations">
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">No sites yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-500">
              <tr>
                <th className="py-2 pr-4">Domain</th>
                <th className="py-2 pr-4">Plan</th>
                <th className="py-2 pr-4">Subscription</th>
                <th className="py-2">Created</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i} className="border-t border-slate-100">
                  <td className="py-2 pr-4 font-medium">{r.domain}</td>
                  <td className="py-2 pr-4">
                    <Badge tone={r.plan_tier === 'free' ? 'secondary' : 'default'}>{r.plan_tier}</Badge>
                  </td>
                  <td className="py-2 pr-4">{r.subscription_status || '—'}</td>
                  <td className="py-2">{new Date(r.created_at.replace(' ', 'T')).toLocaleDateString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
