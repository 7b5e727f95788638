/**
 * The session, shared by every island and the dashboard. Regular users' tokens do not refresh by
 * themselves: it is refreshed on load and again before it expires, and cleared when refused.
 */
import { atom } from 'nanostores';
import { getTokenPayload, type RecordModel } from 'pocketbase';
import { pb } from './pb';

/** The signed-in user: `undefined` while the session resolves, `null` when signed out. */
export const $user = atom<RecordModel | null | undefined>(undefined);

const REFRESH_MARGIN_MS = 10 * 60 * 1000;
let started = false;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleRefresh(): void {
  clearTimeout(refreshTimer);
  const exp = Number(getTokenPayload(pb.authStore.token).exp ?? 0) * 1000;
  if (!exp) return;
  const delay = Math.max(5_000, exp - Date.now() - REFRESH_MARGIN_MS);
  refreshTimer = setTimeout(() => void refresh(), Math.min(delay, 2 ** 31 - 1));
}

async function refresh(): Promise<void> {
  if (!pb.authStore.isValid || pb.authStore.isSuperuser) return;
  try {
    await pb.collection('users').authRefresh({ requestKey: null });
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (status === 401 || status === 403 || status === 404) pb.authStore.clear();
  }
}

/** Starts tracking the session once per page; safe to call from every island. */
export function initSession(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  pb.authStore.onChange((_token, record) => {
    $user.set(pb.authStore.isValid ? (record as RecordModel) : null);
    if (pb.authStore.isValid) scheduleRefresh();
  });
  if (!pb.authStore.isValid) {
    pb.authStore.clear();
    $user.set(null);
    return;
  }
  $user.set(pb.authStore.record as RecordModel);
  void refresh().finally(() => $user.set(pb.authStore.isValid ? (pb.authStore.record as RecordModel) : null));
}

/** Signs out everywhere on this browser: clears the token (and so every store that watches it). */
export function signOut(): void {
  clearTimeout(refreshTimer);
  pb.authStore.clear();
  pb.realtime.unsubscribe().catch(() => undefined);
}
