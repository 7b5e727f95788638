/**
 * The 'Create Test' fields of a multi-page test: its pages (a URL pattern and an element each)
 * and, per variant, one change per page (left empty: that page stays as it is). The server checks
 * the same rules (src/lib/experiment-parts.ts) with the same words.
 */
import { Plus, Trash2 } from 'lucide-react';
import { CONTROL_KEY, MAX_TEST_VARIANTS } from '../../../lib/experiments';
import {
  MAX_PAGES,
  MIN_PAGES,
  validateMultiPageVariants,
  validatePages,
  type MultiPageVariant,
  type TestPage,
} from '../../../lib/experiment-parts';
import type { RuleChange } from '../../../lib/rule-changes';
import { Button } from '../../../ui/Button';
import { ChangeFields, cleanChange } from '../../../ui/dashboard/ChangeFields';

export interface MultiPageDraft {
  pages: TestPage[];
  variants: { name: string; changes: RuleChange[] }[];
}

const KEYS = ['b', 'c', 'd'];
const blank = (): RuleChange => ({ type: 'set_text', value: '' });
const empty = (c: RuleChange) => c.type !== 'hide' && !(c.value || '').trim();

export const initialMultiPage = (): MultiPageDraft => ({
  pages: [
    { name: 'Product', url_pattern: '/products/*', selector: '' },
    { name: 'Cart', url_pattern: '/cart', selector: '' },
  ],
  variants: [{ name: 'Variant B', changes: [blank(), blank()] }],
});

/** The pages and variants as the server takes them, or the first problem. */
export function buildMultiPage(d: MultiPageDraft): { error: string } | { pages: TestPage[]; variants: MultiPageVariant[] } {
  const pages = validatePages(d.pages);
  if (pages.ok === false) return { error: pages.error };
  const weight = 1 / (d.variants.length + 1);
  const variants = validateMultiPageVariants(
    [
      { key: CONTROL_KEY, name: 'Control', weight, pages: pages.value.map(() => []) },
      ...d.variants.map((v, i) => ({
        key: KEYS[i],
        name: v.name.trim() || `Variant ${KEYS[i]!.toUpperCase()}`,
        weight,
        pages: pages.value.map((_, j) => (v.changes[j] && !empty(v.changes[j]) ? [cleanChange(v.changes[j])] : [])),
      })),
    ],
    pages.value,
  );
  return variants.ok === false ? { error: variants.error } : { pages: pages.value, variants: variants.value };
}

const input = 'w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm';

export function MultiPageFields({ value, onChange }: { value: MultiPageDraft; onChange: (d: MultiPageDraft) => void }) {
  const setPage = (j: number, patch: Partial<TestPage>) =>
    onChange({ ...value, pages: value.pages.map((p, k) => (k === j ? { ...p, ...patch } : p)) });
  const setChange = (i: number, j: number, c: RuleChange) =>
    onChange({
      ...value,
      variants: value.variants.map((v, k) =>
        k === i ? { ...v, changes: value.pages.map((_, m) => (m === j ? c : v.changes[m] || blank())) } : v,
      ),
    });
  return (
    <>
      <fieldset className="space-y-2 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium">Pages</legend>
        <p className="text-xs text-slate-500">A visitor sees the same variant on every page of the test.</p>
        {value.pages.map((p, j) => (
          <div key={j} className="grid grid-cols-3 gap-2" data-testid="page-row">
            <input
              aria-label={`Page ${j + 1} name`}
              value={p.name}
              maxLength={100}
              onChange={(e) => setPage(j, { name: e.target.value })}
              className={input}
            />
            <input
              aria-label={`Page ${j + 1} URL pattern`}
              value={p.url_pattern}
              onChange={(e) => setPage(j, { url_pattern: e.target.value })}
              className={input}
            />
            <div className="flex gap-1">
              <input
                aria-label={`Page ${j + 1} element`}
                placeholder="CSS selector"
                value={p.selector}
                onChange={(e) => setPage(j, { selector: e.target.value })}
                className={input}
              />
              <Button
                variant="ghost"
                aria-label={`Remove page ${j + 1}`}
                disabled={value.pages.length <= MIN_PAGES}
                onClick={() =>
                  onChange({
                    pages: value.pages.filter((_, k) => k !== j),
                    variants: value.variants.map((v) => ({ ...v, changes: v.changes.filter((_, k) => k !== j) })),
                  })
                }
              >
                <Trash2 className="h-4 w-4" />
              </Button>
            </div>
          </div>
        ))}
        <Button
          variant="outline"
          disabled={value.pages.length >= MAX_PAGES}
          onClick={() =>
            onChange({
              pages: [...value.pages, { name: '', url_pattern: '', selector: '' }],
              variants: value.variants.map((v) => ({ ...v, changes: [...v.changes, blank()] })),
            })
          }
        >
          <Plus className="h-4 w-4" />
          Add page
        </Button>
      </fieldset>
      <fieldset className="space-y-2 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium">Variants</legend>
        <p className="text-xs text-slate-500">The control shows every page as it is; leave a page's change empty to keep that page.</p>
        {value.variants.map((v, i) => (
          <div key={i} className="space-y-2 rounded border border-slate-100 bg-slate-50 p-2" data-testid="variant-row">
            <div className="flex gap-2">
              <input
                aria-label={`Variant ${i + 1} name`}
                value={v.name}
                maxLength={100}
                onChange={(e) =>
                  onChange({ ...value, variants: value.variants.map((w, k) => (k === i ? { ...w, name: e.target.value } : w)) })
                }
                className={`flex-1 ${input}`}
              />
              <Button
                variant="ghost"
                aria-label={`Remove variant ${i + 1}`}
                disabled={value.variants.length === 1}
                onClick={() => onChange({ ...value, variants: value.variants.filter((_, k) => k !== i) })}
              >
                <Trash2 className="h-4 w-4" />
              </Button>
            </div>
            {value.pages.map((p, j) => (
              <ChangeFields
                key={j}
                id={`variant-${i}-page-${j}-change`}
                label={`Variant ${i + 1} change on page ${j + 1} (${p.name || p.url_pattern})`}
                change={v.changes[j] || blank()}
                onChange={(c) => setChange(i, j, c)}
              />
            ))}
          </div>
        ))}
        <Button
          variant="outline"
          disabled={value.variants.length >= MAX_TEST_VARIANTS}
          onClick={() =>
            onChange({
              ...value,
              variants: [
                ...value.variants,
                { name: `Variant ${KEYS[value.variants.length]!.toUpperCase()}`, changes: value.pages.map(blank) },
              ],
            })
          }
        >
          <Plus className="h-4 w-4" />
          Add variant
        </Button>
      </fieldset>
    </>
  );
}
