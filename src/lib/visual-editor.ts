/**
 * The visual editor's session rules, shared by the dashboard (which opens the customer's page with
 * an edit token in its URL fragment), the hooks (pb_hooks/visual_editor.pb.js: issue, verify, save)
 * and the tracker (which looks for the fragment's marker). See ARCHITECTURE.md, the path of a visual edit.
 */
import type { RuleChange } from './contracts/rule-change';
import { EDIT_FRAGMENT } from './contracts/edit-fragment';
import type { InsertablePattern } from './pattern-insert';

export { EDIT_FRAGMENT };
/** An edit token is good for 10 minutes and one use. */
export const EDIT_TOKEN_TTL_MS = 10 * 60_000;
/** The session the editor saves with lasts 2 hours from the verification. */
export const EDIT_SESSION_TTL_MS = 2 * 3_600_000;

export type EditTargetKind = 'rule' | 'experiment';

/** What the verify route hands the editor: the session credential and the target's current state. */
export interface EditorState {
  /** Session credential for the save and suggest routes. */
  s: string;
  kind: EditTargetKind;
  id: string;
  name: string;
  selector: string;
  /** The rule's changes, or each variant's (the control has none and cannot change). */
  variants: { key: string; name: string; changes: RuleChange[] }[];
  /** The variant the editor opens first ('' for a rule). */
  variant: string;
  /** A running, paused or completed test's variants are frozen: the editor opens read-only. */
  frozen: boolean;
  /** Who edits: named in the audit entry. */
  editor: string;
  /** The site's goal, for copy suggestions. */
  goal: string;
  /** The Pattern Library's insertable patterns (only in the token's module, not in save answers). */
  patterns?: InsertablePattern[];
}

/**
 * The page the editor opens: the URL the owner entered, else the site's domain (https), with the
 * token in the fragment (never sent to the customer's server; the tracker removes it on load).
 * Null when the entered URL is not an http(s) URL.
 */
export function editorPageUrl(domain: string, entered: string, token: string): string | null {
  const raw = entered.trim() || `https://${domain}/`;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch (_) {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = `${EDIT_FRAGMENT}=${token}`;
  return url.href;
}

/** Why a save body's changes map may not be stored, or '' (each list is then checked as a rule's changes). */
export function editorVariantsProblem(input: unknown, keys: readonly string[]): string {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return 'variants must map variant keys to lists of changes';
  for (const k of Object.keys(input)) {
    if (k === 'control') return 'The control shows the page as it is: it has no changes';
    if (!keys.includes(k)) return `This test has no variant "${k}"`;
  }
  return '';
}
