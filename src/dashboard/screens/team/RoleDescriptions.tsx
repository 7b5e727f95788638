/** The role descriptions panel. */
import { ROLE_DESCRIPTIONS, SITE_ROLES } from '../../../lib/roles';
import { Card } from '../../../ui/Card';

const title = (r: string) => r.charAt(0).toUpperCase() + r.slice(1);

export function RoleDescriptions() {
  return (
    <Card title="Role Descriptions">
      <dl className="space-y-3">
        {SITE_ROLES.map((r) => (
          <div key={r}>
            <dt className="font-medium">{title(r)}</dt>
            <dd className="text-sm text-slate-600">{ROLE_DESCRIPTIONS[r]}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
