/** The account menu: My Account and email, Admin Dashboard (admins only), Profile, Settings, Log Out. */
import { useStore } from '@nanostores/react';
import { CircleUser } from 'lucide-react';
import { notify, notifyAcrossNavigation } from '../../ui/toast';
import { Link } from '../../ui/dashboard/Link';
import { $isAdmin } from '../data/admin';
import { $loggingOut, $user, signOut } from '../data/session';
import { Dropdown } from './Dropdown';

const itemCls = 'block w-full px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-50';

export function AccountMenu() {
  const user = useStore($user);
  const isAdmin = useStore($isAdmin);
  if (!user)
    return (
      <a href="/auth" aria-label="Account" className="rounded-md p-2 hover:bg-slate-100">
        <CircleUser className="h-5 w-5" />
      </a>
    );
  const logOut = () => {
    $loggingOut.set(true);
    try {
      signOut();
      notifyAcrossNavigation('Logged out successfully', 'success');
      setTimeout(() => window.location.assign('/auth'), 600);
    } catch (err) {
      $loggingOut.set(false);
      notify('Failed to log out', (err as Error).message, 'destructive');
    }
  };
  return (
    <Dropdown label="Account" button={<CircleUser className="h-5 w-5" aria-hidden />}>
      {(close) => (
        <div className="py-1">
          <div className="border-b border-slate-200 px-3 py-2">
            <p className="text-sm font-semibold">My Account</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
          </div>
          {isAdmin && (
            <Link href="/dashboard/admin" role="menuitem" className={itemCls} onClick={close}>
              Admin Dashboard
            </Link>
          )}
          <Link href="/dashboard/settings" role="menuitem" className={itemCls} onClick={close}>
            Profile
          </Link>
          <Link href="/dashboard/settings" role="menuitem" className={itemCls} onClick={close}>
            Account Settings
          </Link>
          <div className="border-t border-slate-200" />
          <button
            type="button"
            role="menuitem"
            className={itemCls}
            onClick={() => {
              close();
              logOut();
            }}
          >
            Log Out
          </button>
        </div>
      )}
    </Dropdown>
  );
}
