import { describe, expect, it } from 'vitest';
import patterns from '../../pocketbase/pb_hooks/lib/cro_patterns.json';
import { fillTemplate, PATTERN_CATEGORIES, templatePlaceholders, type RuleTemplate } from '../../src/lib/patterns';
import { validateRuleChanges } from '../../src/lib/rule-changes';

describe('pattern library seed', () => {
  it('has at least 30 patterns across the six categories, two featured', () => {
    expect(patterns.length).toBeGreaterThanOrEqual(30);
    for (const c of PATTERN_CATEGORIES) expect(patterns.filter((p) => p.category === c).length).toBeGreaterThanOrEqual(5);
    expect(patterns.filter((p) => p.featured).length).toBeGreaterThanOrEqual(2);
    expect(new Set(patterns.map((p) => p.name)).size).toBe(patterns.length);
  });

  it.each(patterns.map((p) => [p.name, p] as const))('%s is complete and its template deploys with its defaults', (_, p) => {
    expect(p.description.length).toBeGreaterThan(80);
    expect(p.tags.length).toBeGreaterThanOrEqual(3);
    expect(['high', 'medium', 'low']).toContain(p.impact);
    expect(['easy', 'medium', 'hard']).toContain(p.difficulty);
    expect(p.predicted_lift_min).toBeLessThan(p.predicted_lift_max);
    expect(p.avg_lift).toBeGreaterThanOrEqual(p.predicted_lift_min);
    expect(p.avg_lift).toBeLessThanOrEqual(p.predicted_lift_max);
    expect(p.confidence).toBeGreaterThan(0);
    expect(p.confidence).toBeLessThanOrEqual(100);
    expect(p.time_to_implement).toMatch(/\d+ (minutes|hours?)$/);
    const t = p.rule_template as unknown as RuleTemplate;
    for (const name of templatePlaceholders(t)) expect(t.placeholders?.[name], `default for ${name}`).toBeTruthy();
    const filled = fillTemplate(t);
    expect(filled.ok).toBe(true);
    if (!filled.ok) return;
    expect(JSON.stringify(filled.rule)).not.toContain('{{');
    expect(filled.rule.selector).not.toBe('');
    expect(validateRuleChanges(filled.rule.changes)).toMatchObject({ ok: true });
  });
});

describe('fillTemplate', () => {
  const t: RuleTemplate = {
    rule_type: 'cta_text',
    url_pattern: '{{url_pattern}}',
    selector: '{{selector}}',
    changes: [{ type: 'set_text', value: '{{cta_text}}' }],
    placeholders: { url_pattern: '/*', selector: '#buy' },
  };
  it('lists placeholders in order and fills given values over defaults', () => {
    expect(templatePlaceholders(t)).toEqual(['url_pattern', 'selector', 'cta_text']);
    expect(fillTemplate(t, { cta_text: ' Buy now ', selector: '.buy' })).toEqual({
      ok: true,
      rule: { rule_type: 'cta_text', url_pattern: '/*', selector: '.buy', changes: [{ type: 'set_text', value: 'Buy now' }] },
    });
  });
  it('refuses a template with a placeholder left empty', () => {
    expect(fillTemplate(t, { cta_text: '  ' })).toEqual({ ok: false, error: 'Fill in cta_text' });
  });
  it('fills placeholders nested in CSS braces', () => {
    const css: RuleTemplate = {
      rule_type: 'x',
      url_pattern: '/',
      selector: 'body',
      changes: [{ type: 'inject_css', value: '@media (max-width:768px){{{selector}}{display:none}}' }],
      placeholders: { selector: '.a' },
    };
    const r = fillTemplate(css);
    expect(r.ok && r.rule.changes[0]!.value).toBe('@media (max-width:768px){.a{display:none}}');
  });
});
