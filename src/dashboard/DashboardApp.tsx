/**
 * The dashboard: one client-only island for every /dashboard/* route. The guard shows
 * 'Loading...' while the session resolves and replaces the page with /auth without one.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $user, initSession } from '../client/session';
import Toaster from '../islands/Toaster';
import { Spinner } from './components/Spinner';
import { ScreenOutlet } from './ScreenOutlet';
import { Shell } from './shell/Shell';
import { checkAdmin } from './stores/admin';
import { $loggingOut } from './stores/logout';
import { startNotifications, stopNotifications } from './stores/notifications';
import { startSites, stopSites } from './stores/sites';
import { rememberReturnPath, resumeReturnPath } from './returnPath';

export default function DashboardApp() {
  const user = useStore($user);
  const loggingOut = useStore($loggingOut);
  const userId = user?.id ?? null;

  useEffect(() => initSession(), []);

  useEffect(() => {
    if (user === null && !loggingOut) {
      rememberReturnPath();
      window.location.replace('/auth');
    }
    if (user) resumeReturnPath();
  }, [user, loggingOut]);

  useEffect(() => {
    if (!userId) return;
    void startSites();
    void startNotifications();
    void checkAdmin(userId);
    return () => {
      stopSites();
      stopNotifications();
    };
  }, [userId]);

  return (
    <>
      <Toaster />
      {user ? (
        <Shell>
          <ScreenOutlet />
        </Shell>
      ) : (
        <div className="flex min-h-screen items-center justify-center">
          <Spinner />
        </div>
      )}
    </>
  );
}
