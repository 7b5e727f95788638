import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { insertablePatterns } from '../../src/lib/pattern-insert';
import { changeProblem } from '../../src/lib/contracts/rule-change';

const seeded = JSON.parse(readFileSync('pocketbase/pb_hooks/lib/cro_patterns.json', 'utf8'));

describe('insertablePatterns', () => {
  it('offers the seeded patterns that insert markup, filled with defaults and valid as changes', () => {
    const list = insertablePatterns(seeded);
    expect(list.length).toBeGreaterThan(5);
    for (const p of list) {
      expect(p.html).not.toMatch(/\{\{/);
      expect(changeProblem({ type: 'insert_after', value: p.html })).toBe('');
      if (p.css) expect(changeProblem({ type: 'inject_css', name: 'pattern', value: p.css })).toBe('');
    }
  });
  it('leaves out patterns without an insertion or a template', () => {
    const t = { rule_type: 'x', url_pattern: '/*', selector: 'h1', changes: [{ type: 'set_text' as const, value: 'Hi' }] };
    expect(
      insertablePatterns([
        { name: 'a', category: 'trust', rule_template: t },
        { name: 'b', category: 'trust', rule_template: null },
      ]),
    ).toEqual([]);
  });
});
