/** The current site's members and invitations, kept fresh by realtime. */
import type { RecordModel } from 'pocketbase';
import { useCallback, useEffect, useState } from 'react';
import { pb } from '../../../client/pb';

export interface MemberRecord extends RecordModel {
  site_id: string;
  user_id: string;
  email: string;
  role: 'owner' | 'admin' | 'editor' | 'viewer';
  status: 'active' | 'invited';
  created_at: string;
}

export function useMembers(siteId: string | null) {
  const [members, setMembers] = useState<MemberRecord[] | undefined>(undefined);
  const reload = useCallback(async () => {
    if (!siteId) return setMembers([]);
    try {
      setMembers(
        await pb
          .collection('site_members')
          .getFullList<MemberRecord>({ filter: pb.filter('site_id = {:s}', { s: siteId }), sort: 'created_at', requestKey: null }),
      );
    } catch (err) {
      console.error('Members load failed', err);
      setMembers([]);
    }
  }, [siteId]);
  useEffect(() => {
    void reload();
    if (!siteId) return;
    let unsub: (() => Promise<void>) | null = null;
    let cancelled = false;
    pb.collection('site_members')
      .subscribe('*', () => void reload())
      .then((u) => (cancelled ? void u() : (unsub = u)))
      .catch((err) => console.warn('Realtime for members failed', err));
    return () => {
      cancelled = true;
      void unsub?.();
    };
  }, [siteId, reload]);
  return { members, reload };
}
