/**
 * The 'Create Test' fields of a multivariate test: 2 or 3 sections of the page, each an element
 * with the original and one or more alternatives (one change each). The server runs every
 * combination as a variant (at most MAX_COMBINATIONS) and checks the same rules with the same words.
 */
import { Plus, Trash2 } from 'lucide-react';
import {
  MAX_COMBINATIONS,
  MAX_SECTIONS,
  MIN_SECTIONS,
  combinationCount,
  validateSections,
  type TestSection,
} from '../../../lib/experiment-parts';
import type { RuleChange } from '../../../lib/rule-changes';
import { Button } from '../../../ui/Button';
import { ChangeFields, cleanChange } from '../../../ui/dashboard/ChangeFields';

export interface SectionDraft {
  name: string;
  selector: string;
  /** The alternatives besides the original. */
  alternatives: { name: string; change: RuleChange }[];
}

const blank = (): RuleChange => ({ type: 'set_text', value: '' });
const section = (n: number): SectionDraft => ({
  name: `Section ${n}`,
  selector: '',
  alternatives: [{ name: 'Alternative 1', change: blank() }],
});

export const initialSections = (): SectionDraft[] => [section(1), section(2)];

/** The sections as the server takes them, or the first problem. */
export function buildSections(drafts: SectionDraft[]): { error: string } | { sections: TestSection[] } {
  const checked = validateSections(
    drafts.map((s, i) => ({
      key: `s${i + 1}`,
      name: s.name.trim() || `Section ${i + 1}`,
      selector: s.selector,
      alternatives: [
        { key: 'original', name: 'Original', changes: [] },
        ...s.alternatives.map((a, j) => ({
          key: `a${j + 1}`,
          name: a.name.trim() || `Alternative ${j + 1}`,
          changes: [cleanChange(a.change)],
        })),
      ],
    })),
  );
  return checked.ok === false ? { error: checked.error } : { sections: checked.value };
}

/** Combinations the drafts make (the original counts in each section). */
export const draftCombinations = (drafts: SectionDraft[]) =>
  combinationCount(drafts.map((s) => ({ alternatives: [null, ...s.alternatives] })));

const input = 'w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm';

export function SectionsFields({ value, onChange }: { value: SectionDraft[]; onChange: (d: SectionDraft[]) => void }) {
  const set = (i: number, patch: Partial<SectionDraft>) => onChange(value.map((s, k) => (k === i ? { ...s, ...patch } : s)));
  const combinations = draftCombinations(value);
  return (
    <fieldset className="space-y-2 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium">Sections</legend>
      <p className="text-xs text-slate-500" data-testid="combinations">
        Every combination of the sections' alternatives runs as a variant: {combinations} combinations (at most {MAX_COMBINATIONS}).
      </p>
      {value.map((s, i) => (
        <div key={i} className="space-y-2 rounded border border-slate-100 bg-slate-50 p-2" data-testid="section-row">
          <div className="flex gap-2">
            <input
              aria-label={`Section ${i + 1} name`}
              value={s.name}
              maxLength={100}
              onChange={(e) => set(i, { name: e.target.value })}
              className={input}
            />
            <input
              aria-label={`Section ${i + 1} element`}
              placeholder="CSS selector"
              value={s.selector}
              onChange={(e) => set(i, { selector: e.target.value })}
              className={input}
            />
            <Button
              variant="ghost"
              aria-label={`Remove section ${i + 1}`}
              disabled={value.length <= MIN_SECTIONS}
              onClick={() => onChange(value.filter((_, k) => k !== i))}
            >
              <Trash2 className="h-4 w-4" />
            </Button>
          </div>
          <p className="text-xs text-slate-500">Original: the element as it is.</p>
          {s.alternatives.map((a, j) => (
            <div key={j} className="space-y-1">
              <input
                aria-label={`Section ${i + 1} alternative ${j + 1} name`}
                value={a.name}
                maxLength={100}
                onChange={(e) => set(i, { alternatives: s.alternatives.map((b, k) => (k === j ? { ...b, name: e.target.value } : b)) })}
                className={input}
              />
              <ChangeFields
                id={`section-${i}-alternative-${j}`}
                label={`Section ${i + 1} alternative ${j + 1} change`}
                change={a.change}
                onChange={(change) => set(i, { alternatives: s.alternatives.map((b, k) => (k === j ? { ...b, change } : b)) })}
                action={
                  <Button
                    variant="ghost"
                    aria-label={`Remove section ${i + 1} alternative ${j + 1}`}
                    disabled={s.alternatives.length === 1}
                    onClick={() => set(i, { alternatives: s.alternatives.filter((_, k) => k !== j) })}
                  >
                    <Trash2 className="h-4 w-4" />
                  </Button>
                }
              />
            </div>
          ))}
          <Button
            variant="outline"
            onClick={() =>
              set(i, { alternatives: [...s.alternatives, { name: `Alternative ${s.alternatives.length + 1}`, change: blank() }] })
            }
          >
            <Plus className="h-4 w-4" />
            Add alternative
          </Button>
        </div>
      ))}
      <Button variant="outline" disabled={value.length >= MAX_SECTIONS} onClick={() => onChange([...value, section(value.length + 1)])}>
        <Plus className="h-4 w-4" />
        Add section
      </Button>
    </fieldset>
  );
}
