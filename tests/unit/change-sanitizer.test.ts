/** The server's side of the change sanitizer: every known XSS / leak vector is refused with a clear reason; ordinary changes still pass. */
import { describe, expect, it } from 'vitest';
import { validateRuleChanges } from '../../src/lib/contracts/rule-change';
import { htmlProblem, urlProblem } from '../../src/lib/contracts/change-sanitizer';
import corpus from '../fixtures/xss-vectors.json';

describe('the XSS vector corpus', () => {
  it('holds at least 60 vectors across set_html, set_attribute and CSS changes', () => {
    const types = corpus.vectors.map((v) => v.change.type);
    expect(corpus.vectors.length).toBeGreaterThanOrEqual(60);
    for (const t of ['set_html', 'set_attribute', 'inject_css', 'set_style']) expect(types).toContain(t);
  });

  it.each(corpus.vectors.map((v) => [v.name, v.change] as const))('refuses %s', (_, change) => {
    const result = validateRuleChanges([change]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^Change 1 (may not set the .+ attribute|is refused: .+)$/);
  });
});

describe('what the policy lets through', () => {
  it.each([
    [
      'set_html',
      {
        type: 'set_html',
        value: '<p class="note">Free <b>shipping</b> over <a href="/shipping" target="_blank" rel="noopener">$50</a></p>',
      },
    ],
    [
      'set_html with an image',
      { type: 'set_html', value: '<img src="https://cdn.shop.example/a.png" alt="A" width="40" srcset="/a.png 1x, /a@2x.png 2x">' },
    ],
    ['insert_after with aria and data', { type: 'insert_after', value: '<span aria-label="Rating" data-stars="5">★★★★★</span>' }],
    ['a mailto link', { type: 'set_attribute', name: 'href', value: 'mailto:sales@shop.example' }],
    ['a tel link', { type: 'set_attribute', name: 'href', value: 'tel:+15551234' }],
    ['a relative link with a query', { type: 'set_attribute', name: 'href', value: '/checkout?step=2&coupon=A#pay' }],
    ['a style attribute', { type: 'set_attribute', name: 'style', value: 'color: #16a34a; font-weight: 700' }],
    ['CSS with an ordinary attribute selector', { type: 'inject_css', value: 'a[href^="/sale"] { color: red }' }],
    ['a style change', { type: 'set_style', name: 'background-color', value: '#16a34a' }],
  ])('accepts %s', (_, change) => {
    expect(validateRuleChanges([change])).toEqual({ ok: true, changes: [change] });
  });

  it('names the problem', () => {
    expect(validateRuleChanges([{ type: 'set_html', value: '<svg onload=alert(1)>' }])).toEqual({
      ok: false,
      error: 'Change 1 is refused: the <svg> element is not allowed',
    });
    expect(htmlProblem('<a href="java&#9;script:alert(1)">x</a>')).toBe('the javascript: scheme is not allowed');
    expect(urlProblem('\u0001javascript:alert(1)')).toBe('the javascript: scheme is not allowed');
    expect(validateRuleChanges([{ type: 'inject_css', value: 'body{background:url(//evil.example/x)}' }])).toEqual({
      ok: false,
      error: 'Change 1 is refused: CSS may not load outside resources (url()',
    });
  });
});
