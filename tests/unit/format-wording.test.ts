import { describe, expect, it } from 'vitest';
import { pluralize, withArticle } from '../../src/lib/format';
import { SITE_TYPE_LABELS } from '../../src/lib/site-type';

describe('wording', () => {
  it('puts the noun in the number its count asks for', () => {
    expect(pluralize(1, 'insight')).toBe('1 insight');
    expect(pluralize(0, 'insight')).toBe('0 insights');
    expect(pluralize(2, 'optimization opportunity', 'optimization opportunities')).toBe('2 optimization opportunities');
    expect(pluralize(1, 'optimization opportunity', 'optimization opportunities')).toBe('1 optimization opportunity');
    expect(pluralize(1200, 'visitor')).toBe('1,200 visitors');
  });
  it('chooses the article by the first letter of every site type label', () => {
    expect(withArticle(SITE_TYPE_LABELS.ecommerce)).toBe('an E-commerce');
    expect(withArticle('SaaS')).toBe('a SaaS');
    expect(withArticle('insurance')).toBe('an insurance');
  });
});
