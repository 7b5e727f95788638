/**
 * What the server inlines into a site's tracker config (key `v`) when its plan includes session
 * recordings and its settings record some sessions (pocketbase/recordings/config.go writes it). The
 * core tracker reads only `u` and `s`; the recorder chunk reads the rest.
 */
export interface RecorderConfig {
  /** Path of the recorder chunk on the tracker's origin (/t/r/<content hash>.js). */
  u: string;
  /** Share of sessions recorded, percent (1-100). */
  s: number;
  /** Only pages matching one of these URL patterns are recorded (absent: every page). */
  i?: string[];
  /** Pages matching one of these URL patterns are never recorded. */
  e?: string[];
  /** Nothing is sent until the session's recording has lasted this many seconds. */
  m?: number;
  /** Mask every text of the page. */
  t?: boolean;
  /** CSS selectors whose text is masked. */
  q?: string;
}

/** Whether a session is in the recorded share: the same session gives the same answer on every page. */
export function sessionSampled(sessionId: string, percent: number): boolean {
  return parseInt(sessionId.slice(0, 4), 36) % 100 < percent;
}
