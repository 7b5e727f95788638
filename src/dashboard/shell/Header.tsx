/** The header: menu button (mobile), 'Dashboard', site switcher, KPI strip, notifications, account. */
import { Menu } from 'lucide-react';
import { AccountMenu } from './AccountMenu';
import { KpiStrip } from './KpiStrip';
import { NotificationsMenu } from './NotificationsMenu';
import { SiteSwitcher } from './SiteSwitcher';

export function Header({ mobile, onMenu }: { mobile: boolean; onMenu: () => void }) {
  return (
    <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-3 md:px-6">
      {mobile && (
        <button type="button" aria-label="Open menu" onClick={onMenu} className="rounded-md p-2 hover:bg-slate-100">
          <Menu className="h-5 w-5" />
        </button>
      )}
      <p className="text-lg font-semibold" role="heading" aria-level={2}>
        Dashboard
      </p>
      <SiteSwitcher />
      <div className="ml-auto flex items-center gap-2">
        <KpiStrip />
        <NotificationsMenu />
        <AccountMenu />
      </div>
    </header>
  );
}
