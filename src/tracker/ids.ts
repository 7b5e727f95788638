/**
 * Visitor and session ids without cookies: localStorage, falling back to memory. A consent-free
 * site's config carries the server's visitor id (`c`, pocketbase/visitorhash): then everything
 * stays in memory and nothing touches the device's storage or cookies.
 */
import { config } from './types';

const SESSION_IDLE = 30 * 60 * 1000;
const mem: Record<string, string | null> = {};

/** The stored value, kept in memory too (where storage is blocked, and in consent-free mode). */
export function get(k: string): string | null {
  try {
    if (!config().c) mem[k] = localStorage.getItem(k);
  } catch (_) {
    /* storage blocked: memory only */
  }
  return mem[k] || null;
}

export function set(k: string, v: string | null): void {
  mem[k] = v;
  try {
    if (!config().c) {
      if (v === null) localStorage.removeItem(k);
      else localStorage.setItem(k, v);
    }
  } catch (_) {
    /* storage blocked: memory only */
  }
}

/** A random id: a visitor's, a session's, a batch's. */
export function rid(): string {
  return crypto.getRandomValues(new Uint8Array(12)).reduce((s, b) => s + (b % 36).toString(36), '') + Date.now().toString(36);
}

/**
 * The stable visitor id (rollout assignment and every batch). A page served by the edge carries
 * its id in the cro_v cookie (pocketbase/edge/visitor.go), which wins, so the edge and this script
 * assign alike; '-' there means consent was withdrawn. In consent-free mode the server's id wins
 * (the edge uses the same) and the cookie is not read.
 */
export function visitor(): string {
  const v = config().c || (/cro_v=(\w+)/.exec(document.cookie) || [])[1] || get('cro_v') || rid();
  set('cro_v', v);
  return v;
}

/** Current visitor and session; a session ends after 30 minutes without events. */
export function ids(): { v: string; s: string } {
  const v = visitor();
  const now = Date.now();
  const [sid, last] = (get('cro_s') || '').split('.');
  // A missing time parses as NaN: a new session.
  const s = sid && now - parseInt(last!, 36) < SESSION_IDLE ? sid : rid();
  set('cro_s', s + '.' + now.toString(36));
  return { v, s };
}

export function optOut(): boolean {
  return get('cro_off') === '1';
}

/** consent(false) forgets the ids and stops sending; consent(true) resumes. */
export function consent(yes: boolean): void {
  set('cro_off', yes ? null : '1');
  if (!yes) {
    set('cro_v', null);
    set('cro_s', null);
  }
  // Tell the edge (its cookie, pocketbase/edge/visitor.go): '-' is no id and no per-visitor
  // changes; consent given again drops it, and the edge gives a new id.
  if (!config().c) document.cookie = 'cro_v=-;path=/;max-age=' + (yes ? 0 : 31536000);
}
