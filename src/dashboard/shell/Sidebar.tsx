/** The sidebar: every dashboard route in order; collapsible on wide screens, an overlay on mobile. */
import { useStore } from '@nanostores/react';
import clsx from 'clsx';
import { ChevronsLeft, ChevronsRight, X } from 'lucide-react';
import { Link } from '../../ui/dashboard/Link';
import { DASHBOARD_ROUTES } from './routes';
import { $router } from '../data/router';
import { ShellBrand } from './ShellBrand';

export function Sidebar({
  collapsed,
  onToggle,
  mobile,
  open,
  onClose,
}: {
  collapsed: boolean;
  onToggle: () => void;
  mobile: boolean;
  open: boolean;
  onClose: () => void;
}) {
  const page = useStore($router);
  if (mobile && !open) return null;
  const narrow = collapsed && !mobile;
  return (
    <>
      {mobile && <div className="fixed inset-0 z-40 bg-black/40" onClick={onClose} aria-hidden />}
      <aside
        data-testid="sidebar"
        aria-label="Sidebar"
        className={clsx(
          'flex flex-col border-r border-slate-200 bg-white',
          mobile ? 'fixed inset-y-0 left-0 z-50 w-64 shadow-xl' : 'sticky top-0 h-screen shrink-0',
          !mobile && (narrow ? 'w-16' : 'w-60'),
        )}
      >
        <div className="flex h-14 items-center justify-between border-b border-slate-200 px-3">
          {!narrow && <ShellBrand />}
          {mobile ? (
            <button type="button" aria-label="Close menu" onClick={onClose} className="rounded p-1 hover:bg-slate-100">
              <X className="h-5 w-5" />
            </button>
          ) : (
            <button
              type="button"
              aria-label={narrow ? 'Expand sidebar' : 'Collapse sidebar'}
              onClick={onToggle}
              className="rounded p-1 hover:bg-slate-100"
            >
              {narrow ? <ChevronsRight className="h-5 w-5" /> : <ChevronsLeft className="h-5 w-5" />}
            </button>
          )}
        </div>
        <nav aria-label="Dashboard" className="flex-1 overflow-y-auto p-2">
          <ul>
            {DASHBOARD_ROUTES.filter((r) => r.inSidebar).map((r) => {
              const active = page?.route === r.name;
              const Icon = r.icon;
              return (
                <li key={r.name}>
                  <Link
                    href={r.path}
                    title={r.label}
                    aria-current={active ? 'page' : undefined}
                    onClick={() => mobile && onClose()}
                    className={clsx(
                      'flex items-center gap-3 rounded-md px-3 py-2 text-sm',
                      active ? 'bg-brand-50 font-semibold text-brand-700' : 'text-slate-700 hover:bg-slate-100',
                    )}
                  >
                    <Icon className="h-4 w-4 shrink-0" aria-hidden />
                    <span className={clsx(narrow && 'sr-only')}>{r.label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </aside>
    </>
  );
}
