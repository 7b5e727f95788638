import { describe, expect, it } from 'vitest';
import {
  MAX_COMBINATIONS,
  combinationCount,
  expandCombinations,
  validateMultiPageVariants,
  validatePages,
  validateSections,
  type TestSection,
} from '../../src/lib/experiment-parts';

const alt = (key: string, value = key) => ({ key, name: key, changes: [{ type: 'set_text', value }] });
const section = (key: string, n: number) => ({
  key,
  name: key,
  selector: `#${key}`,
  alternatives: [{ key: 'original' }, ...Array.from({ length: n - 1 }, (_, i) => alt(`a${i + 1}`))],
});

describe('multivariate combinations', () => {
  it('are every combination, the all-original one first as the control, the last section fastest, equal shares', () => {
    const checked = validateSections([section('title', 3), section('button', 2)]);
    if (!checked.ok) throw new Error(checked.error);
    const variants = expandCombinations(checked.value);
    expect(variants.map((v) => [v.key, v.combination])).toEqual([
      ['control', [0, 0]],
      ['m01', [0, 1]],
      ['m10', [1, 0]],
      ['m11', [1, 1]],
      ['m20', [2, 0]],
      ['m21', [2, 1]],
    ]);
    expect(variants.every((v) => v.weight === 1 / 6 && v.changes.length === 0)).toBe(true);
    expect(variants[3]!.name).toBe('title: a1 · button: a1');
    expect(new Set(variants.map((v) => v.key)).size).toBe(6);
  });

  it('are capped: more than 16 is refused with the arithmetic, 16 is allowed', () => {
    expect(validateSections([section('a', 4), section('b', 4)]).ok).toBe(true);
    expect(combinationCount([section('a', 4), section('b', 4)])).toBe(MAX_COMBINATIONS);
    expect(validateSections([section('a', 3), section('b', 3), section('c', 2)])).toEqual({
      ok: false,
      error: 'A multivariate test may have at most 16 combinations; this one has 3 × 3 × 2 = 18. Remove an alternative or a section.',
    });
  });

  it('keys stay valid variant keys for three sections', () => {
    const checked = validateSections([section('a', 2), section('b', 2), section('c', 4)]);
    if (!checked.ok) throw new Error(checked.error);
    const keys = expandCombinations(checked.value as TestSection[]).map((v) => v.key);
    expect(keys.at(-1)).toBe('m113');
    expect(keys.every((k) => /^[a-z0-9][a-z0-9_-]{0,31}$/.test(k))).toBe(true);
  });
});

describe('multi-page variants', () => {
  const pages = validatePages([
    { name: 'Product', url_pattern: '/product/*', selector: '#buy' },
    { name: 'Cart', url_pattern: '/cart', selector: '' },
  ]);

  it('carry their changes per page, checked on that page', () => {
    if (!pages.ok) throw new Error(pages.error);
    const v = validateMultiPageVariants(
      [
        { key: 'control', weight: 0.5, pages: [[], []] },
        { key: 'b', weight: 0.5, pages: [[{ type: 'set_text', value: 'Buy' }]] },
      ],
      pages.value,
    );
    expect(v).toMatchObject({
      ok: true,
      value: [
        { key: 'control', pages: [[], []] },
        { key: 'b', pages: [[{ type: 'set_text', value: 'Buy' }], []] },
      ],
    });
    expect(
      validateMultiPageVariants(
        [
          { key: 'control', weight: 0.5, pages: [[{ type: 'hide' }], []] },
          { key: 'b', weight: 0.5, pages: [[{ type: 'hide' }], []] },
        ],
        pages.value,
      ),
    ).toEqual({ ok: false, error: 'The control shows the pages as they are and has no changes' });
  });
});
