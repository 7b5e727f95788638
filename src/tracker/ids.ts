/** Visitor and session ids without cookies: localStorage, falling back to memory. */
const SESSION_IDLE = 30 * 60 * 1000;
const mem: Record<string, string> = {};

export function get(k: string): string | null {
  try {
    return localStorage.getItem(k);
  } catch (_) {
    return mem[k] || null;
  }
}

export function set(k: string, v: string | null): void {
  try {
    if (v === null) localStorage.removeItem(k);
    else localStorage.setItem(k, v);
  } catch (_) {
    if (v === null) delete mem[k];
    else mem[k] = v;
  }
}

function rid(): string {
  const a = new Uint8Array(12);
  crypto.getRandomValues(a);
  let s = '';
  for (let i = 0; i < a.length; i++) s += (a[i]! % 36).toString(36);
  return s + Date.now().toString(36);
}

/**
 * The stable visitor id (rollout assignment and every batch). A page served by the edge carries
 * its id in the cro_v cookie (pocketbase/edge/visitor.go), which wins, so the edge and this script
 * assign alike; '-' there means consent was withdrawn.
 */
export function visitor(): string {
  const c = /cro_v=(\w+)/.exec(document.cookie);
  const v = (c && c[1]) || get('cro_v') || rid();
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
  document.cookie = 'cro_v=-;path=/;max-age=' + (yes ? 0 : 31536000);
}
