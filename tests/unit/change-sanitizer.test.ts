/** The server's side of the change sanitizer: every known XSS / leak vector is refused with a clear reason; ordinary changes still pass. */
import { describe, expect, it } from 'vitest';
import { validateRuleChanges } from '../../src/lib/contracts/rule-change';
import { htmlProblem, selectorTags, targetProblem, urlProblem } from '../../src/lib/contracts/change-sanitizer';
import { validateVariants } from '../../src/lib/experiments';
import corpus from '../fixtures/xss-vectors.json';
import type { RuleChange } from '../../src/lib/contracts/rule-change';

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

describe('changes aimed at elements that run, load or reveal (the targeted vectors)', () => {
  const variants = (changes: unknown[]) => [
    { key: 'control', weight: 0.5, changes: [] },
    { key: 'b', weight: 0.5, changes },
  ];

  it.each(corpus.targeted.map((v) => [v.name, v] as const))('refuses %s, as a rule and as a variant', (_, v) => {
    const rule = validateRuleChanges(v.changes, v.selector);
    expect(rule.ok).toBe(false);
    if (!rule.ok)
      expect(rule.error).toMatch(
        /^(The selector is refused: it names <[a-z]+>, and no change may touch a <[a-z]+> element|Change \d is refused: .+)$/,
      );
    expect(validateVariants(variants(v.changes), v.selector)).toMatchObject({ ok: false });
  });

  it.each(corpus.landing.map((v) => [v.name, v] as const))(
    'cannot tell %s from its selector, and refuses it on the element it lands on',
    (_, v) => {
      expect(validateRuleChanges(v.changes, v.selector).ok).toBe(true);
      const { tag, foreign } = v.lands_on as { tag: string; foreign?: boolean };
      expect(v.changes.map((c) => targetProblem(tag, c as RuleChange, foreign)).filter(Boolean)).not.toEqual([]);
    },
  );

  it('names the problem', () => {
    expect(
      validateRuleChanges([{ type: 'set_attribute', name: 'src', value: 'https://evil.example/x.js' }], 'script#__NEXT_DATA__'),
    ).toEqual({
      ok: false,
      error: 'The selector is refused: it names <script>, and no change may touch a <script> element',
    });
    expect(validateRuleChanges([{ type: 'set_attribute', name: 'type', value: 'text/javascript' }], '#__NEXT_DATA__')).toEqual({
      ok: false,
      error:
        'Change 1 is refused: the type attribute may only be submit, reset, button, a list numbering (1, a, A, i, I) or an audio, video or image type',
    });
    expect(validateRuleChanges([{ type: 'set_attribute', name: 'type', value: 'button' }], 'form > input.pw')).toEqual({
      ok: false,
      error: 'Change 1 is refused: the type attribute is not allowed on <input>',
    });
    expect(validateRuleChanges([{ type: 'set_attribute', name: 'src', value: '/a.png' }], '.card div')).toEqual({
      ok: false,
      error: 'Change 1 is refused: the src attribute is not allowed on <div>',
    });
  });

  it('reads the tags a selector names, and the tag of the element it lands on', () => {
    expect(selectorTags('div.card > img, #hero, a:not(.x) span[data-x="script"]')).toEqual({
      named: ['div', 'img', 'a', 'span'],
      subjects: ['img', '', 'span'],
    });
    expect(selectorTags('scr\\69 pt, :is(style) , svg|a').named).toEqual(['script', 'style', 'svg', 'a']);
    expect(selectorTags('div/**/script').named).toEqual(['div', 'script']); // a comment read as a space: the stricter reading
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

  it.each([
    ['an image source on an image', 'main img.hero', { type: 'set_attribute', name: 'src', value: 'https://cdn.shop.example/b.png' }],
    ['a link on a link', '.card a', { type: 'set_attribute', name: 'href', value: '/sale' }],
    ["a button's type", 'form button', { type: 'set_attribute', name: 'type', value: 'submit' }],
    ["a video source's type", 'video > source', { type: 'set_attribute', name: 'type', value: 'video/mp4; codecs="avc1"' }],
    ["an input's placeholder", 'input[type=email]', { type: 'set_attribute', name: 'placeholder', value: 'you@shop.example' }],
    ['text on an element whose class says script', '.script-note', { type: 'set_text', value: 'Hi' }],
    ['a redirect whatever the selector', '', { type: 'redirect', value: 'https://shop.example/new' }],
  ])('accepts %s', (_, selector, change) => {
    expect(validateRuleChanges([change], selector)).toEqual({ ok: true, changes: [change] });
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
