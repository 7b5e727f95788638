/**
 * `$notifications`: the signed-in user's newest notifications, delivered by realtime.
 * Only the user can read or mark them; the server creates them for events.
 */
import { atom, computed } from 'nanostores';
import type { RecordModel } from 'pocketbase';
import { pb } from '../../client/pb';

export interface NotificationRecord extends RecordModel {
  user_id: string;
  site_id: string;
  type: 'test' | 'ai' | 'alert' | 'team' | 'system';
  title: string;
  message: string;
  link: string;
  read: boolean;
  created_at: string;
}

const LIMIT = 50;
export const $notifications = atom<NotificationRecord[]>([]);
export const $unreadCount = computed($notifications, (list) => list.filter((n) => !n.read).length);

async function load(): Promise<void> {
  try {
    const page = await pb.collection('notifications').getList<NotificationRecord>(1, LIMIT, { sort: '-created_at', requestKey: null });
    $notifications.set(page.items);
  } catch (err) {
    console.warn('Notifications load failed', err);
  }
}

let unsubscribe: (() => Promise<void>) | null = null;

export async function startNotifications(): Promise<void> {
  await load();
  if (unsubscribe) return;
  try {
    unsubscribe = await pb.collection('notifications').subscribe<NotificationRecord>('*', (e) => {
      const list = $notifications.get().filter((n) => n.id !== e.record.id);
      if (e.action === 'delete') $notifications.set(list);
      else $notifications.set([e.record, ...list].sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, LIMIT));
    });
  } catch (err) {
    console.warn('Realtime for notifications failed', err);
  }
}

export function stopNotifications(): void {
  void unsubscribe?.();
  unsubscribe = null;
  $notifications.set([]);
}

function patchLocal(ids: string[]): void {
  $notifications.set($notifications.get().map((n) => (ids.includes(n.id) ? { ...n, read: true } : n)));
}

export async function markRead(id: string): Promise<void> {
  patchLocal([id]);
  await pb.collection('notifications').update(id, { read: true }, { requestKey: null });
}

export async function markAllRead(): Promise<void> {
  const ids = $notifications
    .get()
    .filter((n) => !n.read)
    .map((n) => n.id);
  patchLocal(ids);
  if (ids.length) await pb.send('/api/cro/notifications/read-all', { method: 'POST', requestKey: null });
}
