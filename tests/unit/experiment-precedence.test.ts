import { describe, expect, it } from 'vitest';
import { experimentOverriding, ruleYieldsTo, rulesYieldingTo } from '../../src/lib/experiment-precedence';

const rule = (selector: string, enabled = true) => ({ id: selector || 'page', enabled, selector });
const running = (selector: string, status = 'running') => ({ name: `test on ${selector}`, status, selector });

describe('a running experiment takes its element from the rules', () => {
  it('a rule on the same element yields, spaces around the selector aside', () => {
    expect(ruleYieldsTo(rule('h1.hero'), running(' h1.hero '))).toBe(true);
  });

  it('only while the experiment runs', () => {
    for (const status of ['draft', 'paused', 'completed']) expect(ruleYieldsTo(rule('h1.hero'), running('h1.hero', status))).toBe(false);
  });

  it('a disabled rule, another element or a page-wide rule does not yield', () => {
    expect(ruleYieldsTo(rule('h1.hero', false), running('h1.hero'))).toBe(false);
    expect(ruleYieldsTo(rule('footer a'), running('h1.hero'))).toBe(false);
    expect(ruleYieldsTo(rule(''), running(''))).toBe(false);
  });

  it('lists the yielding rules of an experiment and finds the experiment of a rule', () => {
    const rules = [rule('h1.hero'), rule('footer a'), rule('h1.hero', false)];
    expect(rulesYieldingTo(rules, running('h1.hero')).map((r) => r.id)).toEqual(['h1.hero']);
    const tests = [running('footer a', 'paused'), running('footer a')];
    expect(experimentOverriding(rule('footer a'), tests)).toBe(tests[1]);
    expect(experimentOverriding(rule('h1.hero'), tests)).toBeUndefined();
  });
});

describe("a multi-page or multivariate test takes each of its pages' or sections' elements", () => {
  it('a rule on any of them yields, and not on the test-wide selector', () => {
    const pages = { ...running(''), test_type: 'multi_page', pages: [{ selector: '#buy' }, { selector: '.checkout' }] };
    const sections = { ...running('h1.hero'), test_type: 'multivariate', sections: [{ selector: 'h2' }, { selector: 'button.buy' }] };
    expect(ruleYieldsTo(rule('.checkout'), pages)).toBe(true);
    expect(ruleYieldsTo(rule('#buy'), pages)).toBe(true);
    expect(ruleYieldsTo(rule('button.buy'), sections)).toBe(true);
    expect(ruleYieldsTo(rule('h1.hero'), sections)).toBe(false);
    expect(ruleYieldsTo(rule('footer a'), pages)).toBe(false);
  });
});
