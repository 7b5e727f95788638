/** Renders the current route's screen, each loaded lazily, or the not-found page. */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Spinner } from './components/Spinner';
import { NotFound } from './NotFound';
import { $router } from './router';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { DASHBOARD_ROUTES } from './routes';

const screens = new Map<string, LazyExoticComponent<ComponentType>>(DASHBOARD_ROUTES.map((r) => [r.name, lazy(r.load)]));

export function ScreenOutlet() {
  const page = useStore($router);
  const Screen = page ? screens.get(page.route) : undefined;
  if (!Screen) return <NotFound />;
  return (
    <ScreenErrorBoundary resetKey={page?.route ?? ''}>
      <Suspense fallback={<Spinner />}>
        <Screen key={page?.route} />
      </Suspense>
    </ScreenErrorBoundary>
  );
}
