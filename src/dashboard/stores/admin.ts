/** `$isAdmin`: whether the signed-in user has the user_roles admin row; undefined while checking. */
import { atom } from 'nanostores';
import { pb } from '../../client/pb';

export const $isAdmin = atom<boolean | undefined>(undefined);

export async function checkAdmin(userId: string | null): Promise<void> {
  if (!userId) {
    $isAdmin.set(false);
    return;
  }
  try {
    const rows = await pb.collection('user_roles').getList(1, 1, {
      filter: pb.filter('user_id = {:uid} && role = "admin"', { uid: userId }),
      requestKey: null,
    });
    $isAdmin.set(rows.totalItems > 0);
  } catch (err) {
    // A failed check means not admin (spec section 6).
    console.warn('Admin check failed', err);
    $isAdmin.set(false);
  }
}
