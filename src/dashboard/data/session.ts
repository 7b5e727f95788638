/**
 * The signed-in user as the dashboard sees it. The session itself is shared with the public
 * islands (src/client/session); this is the dashboard's one door to it.
 */
import { atom, computed } from 'nanostores';
import { $user, initSession, signOut } from '../../client/session';

export { initSession, signOut };

/** The signed-in user: `undefined` while the session resolves, `null` when signed out. */
export { $user };

/** The signed-in user's id, or null: the key of every per-user store. */
export const $userId = computed($user, (user) => user?.id ?? null);

/** Set while the Log Out toast shows, so the guard does not redirect first. */
export const $loggingOut = atom(false);
