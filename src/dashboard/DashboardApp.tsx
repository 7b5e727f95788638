/**
 * The dashboard: one client-only island for every /dashboard/* route. The guard shows
 * 'Loading...' while the session resolves and replaces the page with /auth without one.
 * Per-user data (sites, notifications, the admin check) loads as the shell starts listening.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import Toaster from '../ui/Toaster';
import { Spinner } from '../ui/Spinner';
import { rememberReturnPath, resumeReturnPath } from './data/returnPath';
import { $loggingOut, $user, initSession } from './data/session';
import { ScreenOutlet } from './shell/ScreenOutlet';
import { Shell } from './shell/Shell';

export default function DashboardApp() {
  const user = useStore($user);
  const loggingOut = useStore($loggingOut);

  useEffect(() => initSession(), []);

  useEffect(() => {
    if (user === null && !loggingOut) {
      rememberReturnPath();
      window.location.replace('/auth');
    }
    if (user) resumeReturnPath();
  }, [user, loggingOut]);

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
