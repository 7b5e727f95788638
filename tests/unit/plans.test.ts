import { describe, expect, it } from 'vitest';
import {
  can,
  entitlements,
  isPaid,
  normalizeTier,
  requiredTier,
  scanResultLimit,
  upgradeMessage,
  type Capability,
  type PlanTier,
} from '../../src/lib/plans';

// The capability table, row by row, written out independently of src/lib/plans.ts.
const TABLE: Record<Capability, PlanTier[]> = {
  scan_all_results: ['starter', 'growth', 'enterprise'],
  deploy_optimization: ['starter', 'growth', 'enterprise'],
  ai_chat: ['starter', 'growth', 'enterprise'],
  documents: ['starter', 'growth', 'enterprise'],
  ai_analysis: ['growth', 'enterprise'],
  click_maps: ['starter', 'growth', 'enterprise'],
  recordings: ['growth', 'enterprise'],
  form_analytics: ['growth', 'enterprise'],
  cro_workers: ['enterprise'],
  api_access: ['enterprise'],
  ecommerce: ['enterprise'],
  white_label: ['enterprise'],
  surveys: ['growth', 'enterprise'],
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

describe('upgrade messages and entitlements', () => {
  it('names the plan each capability needs', () => {
    expect(requiredTier('ai_analysis')).toBe('growth');
    expect(upgradeMessage('deploy_optimization')).toBe('Deploying optimizations requires a paid plan. Upgrade at /pricing.');
    expect(upgradeMessage('documents')).toBe('Document analysis requires a paid plan. Upgrade at /pricing.');
    expect(upgradeMessage('recordings')).toBe('Session recordings and heatmaps requires the Growth plan or higher. Upgrade at /pricing.');
    expect(upgradeMessage('cro_workers')).toBe('CRO Workers requires the Enterprise & Ecom plan. Upgrade at /pricing.');
  });

  it('lists every capability of a tier with its scan limit', () => {
    expect(entitlements('growth')).toEqual({
      tier: 'growth',
      capabilities: {
        scan_all_results: true,
        deploy_optimization: true,
        ai_chat: true,
        documents: true,
        ai_analysis: true,
        click_maps: true,
        recordings: true,
        form_analytics: true,
        cro_workers: false,
        api_access: false,
        ecommerce: false,
        white_label: false,
        surveys: true,
      },
      scanResultLimit: 30,
    });
    expect(entitlements('bogus').tier).toBe('free');
    expect(Object.values(entitlements(undefined).capabilities).some(Boolean)).toBe(false);
  });
});
