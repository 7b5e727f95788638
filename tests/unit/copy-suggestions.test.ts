import { describe, expect, it } from 'vitest';
import {
  builtinCopySuggestions,
  cleanCopyContext,
  copySuggestionMessages,
  parseCopySuggestions,
  type CopyContext,
} from '../../src/lib/ai/copy-suggestions';

const checkout: CopyContext = {
  text: 'Place order',
  tag: 'button',
  title: 'Checkout · Fixture Outfitters',
  headings: ['Checkout'],
  nearby: 'Name Place order Secure payment · Free returns',
  goal: 'revenue',
};

describe('copy suggestions', () => {
  it('the built-in engine gives three distinct rewrites, none the original, grounded in what the page says', () => {
    const s = builtinCopySuggestions(checkout);
    expect(s).toHaveLength(3);
    expect(new Set(s.map((x) => x.toLowerCase())).size).toBe(3);
    expect(s.map((x) => x.toLowerCase())).not.toContain('place order');
    expect(s).toContain('Complete my order');
    expect(s.some((x) => /free returns|secure payment/.test(x))).toBe(true);
    // No reassurance the page does not make.
    const bare = builtinCopySuggestions({ ...checkout, nearby: '', title: 'Shop', headings: [] });
    expect(bare.join(' ')).not.toMatch(/free|secure/i);
    expect(bare).toHaveLength(3);
  });

  it('headlines are rewritten as headlines', () => {
    const s = builtinCopySuggestions({ ...checkout, text: 'Trail shoes for every season', tag: 'h1' });
    expect(s).toHaveLength(3);
    expect(s[0]).toBe('Your trail shoes for every season');
  });

  it('keeps only three usable, distinct model suggestions', () => {
    expect(parseCopySuggestions('{"suggestions":["A","B","C","D"]}', 'X')).toEqual(['A', 'B', 'C']);
    expect(parseCopySuggestions('{"suggestions":["A","a","Place order","B"]}', 'Place order')).toBeNull();
    expect(parseCopySuggestions('{"suggestions":["A","B","' + 'x'.repeat(200) + '"]}', 'X')).toBeNull();
    expect(parseCopySuggestions('not json', 'X')).toBeNull();
  });

  it('the context is capped and text is required; the prompt carries page, goal and element', () => {
    expect(cleanCopyContext({ text: '  ' })).toBeNull();
    const c = cleanCopyContext({ text: 'Buy', tag: 'BUTTON', headings: Array(20).fill('h'), nearby: 'n'.repeat(2000), title: 3 })!;
    expect(c.tag).toBe('button');
    expect(c.headings).toHaveLength(8);
    expect(c.nearby).toHaveLength(600);
    expect(c.title).toBe('');
    const user = copySuggestionMessages(checkout)[1]!.content;
    expect(user).toContain('Site goal: revenue');
    expect(user).toContain('<button> with the text "Place order"');
    expect(user).toContain('Secure payment');
  });
});
