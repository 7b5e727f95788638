/**
 * The signed-in user's newest notifications, delivered by realtime. Only the user can read or mark
 * them; the server creates them for events.
 */
import { atom, computed } from 'nanostores';
import type { RecordSubscription } from 'pocketbase';
import { pb } from '../../client/pb';
import { createLiveStore } from './liveStore';
import type { NotificationRecord } from './records';
import { $userId } from './session';

const LIMIT = 50;

function applyEvent(event: RecordSubscription, list: NotificationRecord[] | undefined): NotificationRecord[] {
  const record = event.record as NotificationRecord;
  const rest = (list ?? []).filter((n) => n.id !== record.id);
  if (event.action === 'delete') return rest;
  return [record, ...rest].sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, LIMIT);
}

const notificationsState = createLiveStore<NotificationRecord[], string>({
  name: 'notifications',
  key: $userId,
  empty: [],
  load: async () =>
    (await pb.collection('notifications').getList<NotificationRecord>(1, LIMIT, { sort: '-created_at', requestKey: null })).items,
  realtime: [{ collection: 'notifications', apply: applyEvent }],
});

// Marked read here at once, before the server's answer comes back.
const $readLocally = atom<ReadonlySet<string>>(new Set());

/** The user's newest notifications, newest first. */
export const $notifications = computed([notificationsState, $readLocally], (s, read) =>
  (s.value ?? []).map((n) => (!n.read && read.has(n.id) ? { ...n, read: true } : n)),
);

/** How many of them are unread. */
export const $unreadCount = computed($notifications, (list) => list.filter((n) => !n.read).length);

function markLocally(ids: string[]): void {
  $readLocally.set(new Set([...$readLocally.get(), ...ids]));
}

export async function markRead(id: string): Promise<void> {
  markLocally([id]);
  await pb.collection('notifications').update(id, { read: true }, { requestKey: null });
}

export async function markAllRead(): Promise<void> {
  const ids = $notifications
    .get()
    .filter((n) => !n.read)
    .map((n) => n.id);
  markLocally(ids);
  if (ids.length) await pb.send('/api/cro/notifications/read-all', { method: 'POST', requestKey: null });
}
