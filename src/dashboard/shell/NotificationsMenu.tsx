/** The notifications menu: the user's notifications (realtime), click marks read, 'Mark all read'. */
import { useStore } from '@nanostores/react';
import clsx from 'clsx';
import { Bell } from 'lucide-react';
import { Link } from '../../ui/dashboard/Link';
import { $notifications, $unreadCount, markAllRead, markRead } from '../data/notifications';
import type { NotificationRecord } from '../data/records';
import { Dropdown } from './Dropdown';

export function NotificationsMenu() {
  const list = useStore($notifications);
  const unread = useStore($unreadCount);
  return (
    <Dropdown
      label="Notifications"
      panelClass="w-80"
      button={
        <>
          <Bell className="h-5 w-5" aria-hidden />
          {unread > 0 && (
            <span
              data-testid="unread-dot"
              className="absolute right-1.5 top-1.5 h-2 w-2 rounded-full bg-red-500"
              aria-label={`${unread} unread`}
            />
          )}
        </>
      }
    >
      {(close) => (
        <div>
          <div className="flex items-center justify-between border-b border-slate-200 px-3 py-2">
            <span className="font-semibold">Notifications</span>
            <button
              type="button"
              className="text-xs text-indigo-600 hover:underline disabled:opacity-50"
              disabled={unread === 0}
              onClick={() => void markAllRead().catch((e) => console.warn(e))}
            >
              Mark all read
            </button>
          </div>
          <ul className="h-[400px] overflow-y-auto" data-testid="notifications-list">
            {list.length === 0 && <li className="p-6 text-center text-sm text-slate-500">No notifications yet</li>}
            {list.map((n) => (
              <Item key={n.id} n={n} close={close} />
            ))}
          </ul>
        </div>
      )}
    </Dropdown>
  );
}

function Item({ n, close }: { n: NotificationRecord; close: () => void }) {
  const body = (
    <>
      <span className="flex items-center gap-2">
        {!n.read && <span className="h-2 w-2 shrink-0 rounded-full bg-indigo-500" aria-label="unread" />}
        <span className="font-medium">{n.title}</span>
      </span>
      {n.message && <span className="block text-xs text-slate-600">{n.message}</span>}
      <span className="block text-xs text-slate-400">{new Date(n.created_at.replace(' ', 'T')).toLocaleString()}</span>
    </>
  );
  const onClick = () => {
    void markRead(n.id).catch((e) => console.warn(e));
    if (n.link) close();
  };
  const cls = clsx('block w-full border-b border-slate-100 px-3 py-2 text-left text-sm hover:bg-slate-50', !n.read && 'bg-indigo-50/50');
  return (
    <li>
      {n.link ? (
        <Link href={n.link} className={cls} onClick={onClick}>
          {body}
        </Link>
      ) : (
        <button type="button" className={cls} onClick={onClick}>
          {body}
        </button>
      )}
    </li>
  );
}
