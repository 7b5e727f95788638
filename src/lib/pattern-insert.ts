/**
 * The Pattern Library's patterns the visual editor can insert at a chosen place: those whose rule
 * template inserts markup (insert_before / insert_after), filled with their placeholders' defaults.
 * The editor inserts `html` next to the selected element and adds `css` (the template's injected
 * CSS) so the pattern looks as designed; both pass the same sanitizer as any change.
 */
import { fillTemplate, type RuleTemplate } from './patterns';

export interface InsertablePattern {
  name: string;
  category: string;
  html: string;
  css: string;
}

export function insertablePatterns(
  patterns: { name: string; category: string; rule_template: RuleTemplate | null }[],
): InsertablePattern[] {
  const out: InsertablePattern[] = [];
  for (const p of patterns) {
    if (!p.rule_template) continue;
    const filled = fillTemplate(p.rule_template);
    if (!filled.ok) continue;
    const insert = filled.rule.changes.find((c) => c.type === 'insert_before' || c.type === 'insert_after');
    if (!insert?.value) continue;
    const css = filled.rule.changes
      .filter((c) => c.type === 'inject_css' && c.value)
      .map((c) => c.value)
      .join('\n');
    out.push({ name: p.name, category: p.category, html: insert.value, css });
  }
  return out.sort((a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name));
}
