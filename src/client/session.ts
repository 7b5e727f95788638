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
    const signedIn = pb.authStore.isValid;
    const wasSignedIn = Boolean($user.get());
    $user.set(signedIn ? (record as RecordModel) : null);
    if (signedIn) scheduleRefresh();
    else if (wasSignedIn) resetUserStores(); // a 401, or signed out in another tab
  });
  if (!pb.authStore.isValid) {
    pb.authStore.clear();
    $user.set(null);
    return;
  }
  $user.set(pb.authStore.record as RecordModel);
  void refresh().finally(() => $user.set(pb.authStore.isValid ? (pb.authStore.record as RecordModel) : null));
}

const signOutListeners = new Set<() => void>();

/**
 * Registers a reset for a store that holds per-user data (sites, plan, notifications...): it runs
 * on sign-out so that nothing of the previous user stays in memory. Returns an unsubscribe.
 */
export function onSignOut(reset: () => void): () => void {
  signOutListeners.add(reset);
  return () => signOutListeners.delete(reset);
}

/**
 * Signs out everywhere on this browser: clears the token (other tabs follow through the SDK's
 * localStorage sync), the user store, realtime subscriptions and every registered per-user store.
 */
export function signOut(): void {
  $user.set(null); // first, so the authStore listener does not reset the stores a second time
  pb.authStore.clear();
  pb.realtime.unsubscribe().catch(() => undefined);
  resetUserStores();
}

function resetUserStores(): void {
  clearTimeout(refreshTimer);
  for (const reset of signOutListeners) {
    try {
      reset();
    } catch {
      // one broken store must not keep the others signed in
    }
  }
}
