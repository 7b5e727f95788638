import { describe, expect, it } from 'vitest';
import fixture from '../fixtures/contracts/ecommerce-events.json';
import { parseEcommerceEvent, settingsProblem } from '../../src/lib/contracts/ecommerce';

// The same fixture runs in Go (pocketbase/ecommerce/contract_test.go).
interface Case {
  name: string;
  n: string;
  val?: number;
  pr: unknown;
  ecommerce: boolean;
  valid?: boolean;
  normalized?: unknown;
  error?: string;
}

describe('ecommerce events (the same fixture runs in pocketbase/ecommerce)', () => {
  const cases = fixture.cases as Case[];

  it('covers valid and invalid events of every source', () => {
    expect(cases.some((c) => c.valid) && cases.some((c) => c.valid === false) && cases.some((c) => !c.ecommerce)).toBe(true);
  });

  it.each(cases)('$name', ({ n, val, pr, ecommerce, valid, normalized, error }) => {
    const got = parseEcommerceEvent(n, val, pr);
    if (!ecommerce) expect(got).toBeNull();
    else if (valid) expect(got).toEqual({ ok: true, event: normalized });
    else expect(got).toEqual({ ok: false, error });
  });
});

describe('ecommerce settings (the same fixture runs in pocketbase/ecommerce)', () => {
  it.each(fixture.settings)('$currency $rates', ({ currency, rates, problem }) => {
    expect(settingsProblem(currency, rates as Record<string, number>)).toBe(problem);
  });
});
