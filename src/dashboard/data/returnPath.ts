/**
 * A signed-out deep link (e.g. an invitation's /dashboard/team?invite=...) goes to /auth, which
 * returns to /dashboard after sign-in: the dashboard then resumes the link (same tab, 30 min).
 */
import { navigate } from './router';

const KEY = 'cro.returnTo';
const MAX_AGE_MS = 30 * 60 * 1000;

export function rememberReturnPath(): void {
  const path = window.location.pathname + window.location.search;
  if (path === '/dashboard') return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    // storage unavailable: the user lands on the overview
  }
}

export function resumeReturnPath(): void {
  let saved: { path?: string; at?: number } | null;
  try {
    saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { path?: string; at?: number } | null;
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  const path = saved?.path;
  if (!path || !path.startsWith('/dashboard/') || Date.now() - (saved?.at ?? 0) > MAX_AGE_MS) return;
  if (window.location.pathname !== '/dashboard') return;
  navigate(path, true);
}
