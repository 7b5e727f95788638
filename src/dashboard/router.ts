/**
 * `$router`: the dashboard's client router. Links are handled by our own <Link> (links: false),
 * so that links to the public pages stay ordinary page loads.
 */
import { createRouter } from '@nanostores/router';
import { DASHBOARD_ROUTES } from './routes';

const config: Record<string, string> = {};
for (const route of DASHBOARD_ROUTES) config[route.name] = route.path;

export const $router = createRouter(config, { links: false });

/** Navigates inside the dashboard without a page load. */
export function navigate(path: string): void {
  $router.open(path);
}
