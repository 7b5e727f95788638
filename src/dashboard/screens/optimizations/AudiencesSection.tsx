/** The site's audiences on the Optimizations screen: each one's share of last week's visitors, new, edit, delete. */
import { useStore } from '@nanostores/react';
import { Pencil, Plus, Trash2, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { notify } from '../../../ui/toast';
import { audienceKindLabel } from '../../../lib/audiences';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { $audiences, deleteAudience, fetchAudienceReach, type AudienceReach } from '../../data/audiences';
import { errorMessage } from '../../data/errors';
import type { AudienceRecord } from '../../data/records';
import { AudienceEditor } from './AudienceEditor';

const percent = (share: number) => `${(share * 100).toFixed(share > 0 && share < 0.01 ? 1 : 0)}%`;

export function AudiencesSection({ siteId, canEdit }: { siteId: string; canEdit: boolean }) {
  const audiences = useStore($audiences) ?? [];
  const [reach, setReach] = useState<AudienceReach | null>(null);
  const [editing, setEditing] = useState<AudienceRecord | 'new' | null>(null);
  const names = audiences.map((a) => a.id + a.updated_at).join();
  useEffect(() => {
    let live = true;
    fetchAudienceReach(siteId)
      .then((r) => live && setReach(r))
      .catch(() => live && setReach(null));
    return () => {
      live = false;
    };
  }, [siteId, names]);

  async function remove(a: AudienceRecord) {
    try {
      await deleteAudience(a.id);
      notify('Audience deleted', a.name, 'success');
    } catch (err) {
      notify('Could not delete the audience', errorMessage(err, 'Try again.'), 'destructive');
    }
  }

  return (
    <section aria-labelledby="audiences-heading">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="audiences-heading" className="flex items-center gap-2 text-lg font-semibold">
          <Users className="h-5 w-5 text-indigo-600" aria-hidden />
          Audiences
        </h2>
        {canEdit && (
          <Button variant="outline" onClick={() => setEditing('new')}>
            <Plus className="h-4 w-4" aria-hidden />
            New Audience
          </Button>
        )}
      </div>
      {audiences.length === 0 ? (
        <p className="text-sm text-slate-600">
          No audiences yet. An audience (visitors from a campaign, a country, returning customers with a cart...) lets an optimization or a
          test show to those visitors only.
        </p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {audiences.map((a) => {
            const r = reach?.audiences.find((x) => x.id === a.id);
            return (
              <li key={a.id}>
                <Card testId="audience-card">
                  <h3 className="font-semibold text-slate-900">{a.name}</h3>
                  <p className="text-xs text-slate-500">
                    {a.match === 'any' ? 'Any of: ' : 'All of: '}
                    {(a.conditions ?? []).map((c) => audienceKindLabel(c.kind)).join(', ')}
                  </p>
                  <p className="mt-2 text-sm text-slate-700" data-testid="audience-share">
                    {r && reach
                      ? `${percent(r.share)} of last week's visitors (${r.visitors} of ${reach.visitors})`
                      : "Share of last week's visitors: measuring…"}
                  </p>
                  {canEdit && (
                    <div className="mt-3 flex gap-2">
                      <Button variant="outline" onClick={() => setEditing(a)}>
                        <Pencil className="h-4 w-4" aria-hidden />
                        Edit
                      </Button>
                      <Button variant="ghost" aria-label={`Delete ${a.name}`} onClick={() => void remove(a)}>
                        <Trash2 className="h-4 w-4" aria-hidden />
                      </Button>
                    </div>
                  )}
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      {editing && <AudienceEditor siteId={siteId} audience={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
