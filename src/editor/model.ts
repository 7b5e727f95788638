/**
 * The editor's model: the one element a rule or test changes (its selector) and each variant's
 * changes (a rule has one list, key ''), with undo and redo. Pure: no DOM.
 */
import type { RuleChange } from '../lib/contracts/rule-change';

export interface Model {
  selector: string;
  variants: Record<string, RuleChange[]>;
}

const copy = (m: Model): Model => JSON.parse(JSON.stringify(m)) as Model;

export class History {
  private past: Model[] = [];
  private future: Model[] = [];
  constructor(public now: Model) {}
  /** Applies `edit` to a copy of the current model and records the step. */
  change(edit: (m: Model) => void): void {
    const next = copy(this.now);
    edit(next);
    if (JSON.stringify(next) === JSON.stringify(this.now)) return;
    this.past.push(this.now);
    this.future = [];
    this.now = next;
  }
  undo(): boolean {
    const prev = this.past.pop();
    if (!prev) return false;
    this.future.push(this.now);
    this.now = prev;
    return true;
  }
  redo(): boolean {
    const next = this.future.pop();
    if (!next) return false;
    this.past.push(this.now);
    this.now = next;
    return true;
  }
  get canUndo(): boolean {
    return this.past.length > 0;
  }
  get canRedo(): boolean {
    return this.future.length > 0;
  }
}

/** Sets (or with an empty value removes) one change of a kind; set_style and set_attribute per name. */
export function put(list: RuleChange[], change: RuleChange): RuleChange[] {
  const same = (c: RuleChange) => c.type === change.type && (c.name || '') === (change.name || '');
  const i = list.findIndex(same);
  const out = list.filter((c) => !same(c));
  if (change.type === 'hide' || change.value) out.splice(i < 0 ? out.length : i, 0, change);
  return out;
}

/** The value a list sets for a change of that type (and name), or ''. */
export const valueOf = (list: RuleChange[], type: RuleChange['type'], name?: string): string =>
  list.find((c) => c.type === type && (c.name || '') === (name || ''))?.value || '';

/**
 * Moves an element above or below the changed one, in the change types the engine knows: a copy
 * of it is inserted next to the changed element (marked, so that it stays shown) and the original
 * is hidden by CSS (with any stale copy a re-render left). `html` is the moved element's markup, `selector` its own stable selector.
 */
export function moveChanges(list: RuleChange[], html: string, selector: string, where: 'before' | 'after'): RuleChange[] {
  const type = where === 'before' ? 'insert_before' : 'insert_after';
  // An earlier move is replaced; inserted patterns stay.
  const kept = list.filter((c) => !isMove(c) && !(c.type === 'inject_css' && c.name === 'move'));
  return [
    ...kept,
    { type, value: html },
    // A page that re-renders from its own markup keeps an older copy beside the one the engine adds
    // again: only the copy next to the changed element stays shown.
    {
      type: 'inject_css',
      name: 'move',
      value: `${selector}:not([data-cro-moved]),${where === 'before' ? '[data-cro-moved]:has(~[data-cro-moved])' : '[data-cro-moved]~[data-cro-moved]'}{display:none!important}`,
    },
  ];
}

/**
 * Inserts a Pattern Library pattern before or after the changed element: its markup as an
 * insertion (one per side, replacing an earlier one there) and its CSS as a named injected style.
 */
export function patternChanges(list: RuleChange[], html: string, css: string, where: 'before' | 'after'): RuleChange[] {
  const type: RuleChange['type'] = where === 'before' ? 'insert_before' : 'insert_after';
  const out = [...list.filter((c) => c.type !== type || isMove(c)), { type, value: html }];
  return css ? put(out, { type: 'inject_css', name: 'pattern', value: css }) : out;
}

/** A move's inserted copy (marked data-cro-moved), as opposed to an inserted pattern. */
export const isMove = (c: RuleChange): boolean =>
  (c.type === 'insert_before' || c.type === 'insert_after') && (c.value || '').includes('data-cro-moved');

/** The list without inserted patterns (their markup and CSS). */
export const withoutPatterns = (list: RuleChange[]): RuleChange[] =>
  list.filter(
    (c) => !(c.type === 'inject_css' && c.name === 'pattern') && !((c.type === 'insert_before' || c.type === 'insert_after') && !isMove(c)),
  );

/** Before or after an element, by which half of it a point (a drop) is in. */
export const half = (top: number, height: number, y: number): 'before' | 'after' => (y < top + height / 2 ? 'before' : 'after');

/** A short description of a change for the list of changes. */
export function describe(c: RuleChange): string {
  const v = (c.value || '').length > 40 ? (c.value || '').slice(0, 40) + '…' : c.value || '';
  switch (c.type) {
    case 'set_text':
      return `Text: “${v}”`;
    case 'set_style':
      return `${c.name}: ${v}`;
    case 'hide':
      return 'Hidden';
    case 'insert_before':
      return 'Element moved above';
    case 'insert_after':
      return 'Element moved below';
    case 'inject_css':
      return c.name === 'move' ? 'Moved element hidden at its old place' : `CSS: ${v}`;
    case 'set_attribute':
      return `${c.name} = ${v}`;
    case 'set_html':
      return 'HTML replaced';
    default:
      return c.type;
  }
}
