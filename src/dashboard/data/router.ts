/**
 * The dashboard's client router. Links are handled by our own <Link> (links: false), so that links
 * to the public pages stay ordinary page loads. The shell's routes table adds each route's label,
 * icon and screen; the paths live here so that screens can navigate without importing the shell.
 */
import { createRouter } from '@nanostores/router';

export const ROUTE_PATHS = {
  overview: '/dashboard',
  trackingSetup: '/dashboard/tracking-setup',
  aiAnalysis: '/dashboard/ai-analysis',
  aiEngine: '/dashboard/ai-engine',
  croWorkers: '/dashboard/cro-workers',
  library: '/dashboard/library',
  recordings: '/dashboard/recordings',
  forms: '/dashboard/forms',
  funnels: '/dashboard/funnels',
  ecommerce: '/dashboard/ecommerce',
  surveys: '/dashboard/surveys',
  integrations: '/dashboard/integrations',
  reports: '/dashboard/reports',
  tests: '/dashboard/tests',
  analytics: '/dashboard/analytics',
  safety: '/dashboard/safety',
  team: '/dashboard/team',
  settings: '/dashboard/settings',
  optimizations: '/dashboard/optimizations',
  admin: '/dashboard/admin',
} as const;

export type RouteName = keyof typeof ROUTE_PATHS;

/** The current dashboard page (route name and parameters), or undefined for an unknown path. */
export const $router = createRouter(ROUTE_PATHS, { links: false });

/** Navigates inside the dashboard without a page load; `replace` keeps the history entry. */
export function navigate(path: string, replace = false): void {
  $router.open(path, replace);
}
