import { describe, expect, it } from 'vitest';
import { can, isPaid, normalizeTier, scanResultLimit, type Capability, type PlanTier } from '../../src/lib/plans';

// The dashboard spec's capability table, row by row.
const TABLE: Record<Capability, PlanTier[]> = {
  scan_all_results: ['starter', 'growth', 'enterprise'],
  deploy_optimization: ['starter', 'growth', 'enterprise'],
  ai_analysis: ['growth', 'enterprise'],
  recordings: ['growth', 'enterprise'],
  cro_workers: ['enterprise'],
};

describe('plan gating', () => {
  for (const [capability, allowed] of Object.entries(TABLE) as [Capability, PlanTier[]][]) {
    for (const tier of ['free', 'starter', 'growth', 'enterprise'] as PlanTier[]) {
      it(`${tier} ${allowed.includes(tier) ? 'may' : 'may not'} ${capability}`, () => {
        expect(can(tier, capability)).toBe(allowed.includes(tier));
      });
    }
  }

  it('treats a missing or unknown tier as free', () => {
    expect(normalizeTier(undefined)).toBe('free');
    expect(normalizeTier('platinum')).toBe('free');
    expect(isPaid('')).toBe(false);
    expect(can(null, 'deploy_optimization')).toBe(false);
  });

  it('shows free users 3 scan results and paid users up to 30', () => {
    expect(scanResultLimit('free')).toBe(3);
    expect(scanResultLimit('starter')).toBe(30);
  });
});
