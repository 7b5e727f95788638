import { afterEach, describe, expect, it, vi } from 'vitest';
import urlPatterns from '../fixtures/contracts/url-patterns.json';
import ruleChanges from '../fixtures/contracts/rule-changes.json';
import eventPayloads from '../fixtures/contracts/event-payloads.json';
import planLimits from '../fixtures/contracts/plan-limits.json';
import deviceClasses from '../fixtures/contracts/device-classes.json';
import experimentAssignments from '../fixtures/contracts/experiment-assignments.json';
import ruleRollouts from '../fixtures/contracts/rule-rollouts.json';
import changeTargets from '../fixtures/contracts/change-targets.json';
import { assignVariant, inRollout } from '../../src/lib/assignment';
import { deviceClass } from '../../src/lib/contracts/device-class';
import {
  BRAND_LIMITS,
  CLICK_MAP_MAX_DAYS,
  MONTHLY_VISITOR_LIMITS,
  MULTI_BRAND_REFUSAL,
  brandLimit,
  can,
  clickMapRangeRefusal,
  upgradeMessage,
  usageAlertLevel,
} from '../../src/lib/plans';
import { allowedReportFrequencies, reportFrequencyRefusal } from '../../src/lib/report-plans';
import { REPORT_FREQUENCIES } from '../../src/lib/reports';
import { onPage } from '../../src/tracker/rules';
import { urlPatternMatches } from '../../src/lib/contracts/url-pattern';
import { validateRuleChanges, type RuleChange } from '../../src/lib/contracts/rule-change';
import { targetProblem } from '../../src/lib/contracts/change-sanitizer';
import { parseEventBatch } from '../../src/lib/contracts/event-payload';

// The same fixture files run in Go (pocketbase/analytics/contracts_test.go, the URL patterns'
// in pocketbase/eventstore/urlpattern): the tracker and the server agree case by case.

interface Expectation {
  name: string;
  valid: boolean;
  normalized?: unknown;
  error?: string;
}

describe('URL patterns', () => {
  const cases = urlPatterns.cases;

  it('pin the semantics with enough cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(50);
    expect(cases.some((c) => c.matches) && cases.some((c) => !c.matches)).toBe(true);
  });

  // The tracker matches the page it runs on.
  const on = (href: string) => vi.stubGlobal('location', { href });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each(cases)('the tracker: $pattern on $url -> $matches', ({ pattern, url, matches }) => {
    on(url);
    expect(onPage(pattern)).toBe(matches);
  });

  it.each(cases)('src/lib: $pattern on $url -> $matches', ({ pattern, url, matches }) => {
    expect(urlPatternMatches(pattern, url)).toBe(matches);
  });

  it('a rule without a pattern covers every page', () => {
    on('https://shop.com/any?x=1');
    expect(onPage(undefined)).toBe(true);
  });
});

describe('the elements a change may land on', () => {
  const cases = changeTargets.cases as { name: string; tag: string; foreign?: boolean; change: RuleChange; problem: string }[];

  it('pin every sealed element and the attribute rules', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(cases.some((c) => c.problem) && cases.some((c) => !c.problem)).toBe(true);
  });

  it.each(cases)('$name', ({ tag, foreign, change, problem }) => {
    expect(targetProblem(tag, change, foreign)).toBe(problem);
  });
});

describe('rule changes', () => {
  it.each(ruleChanges.cases as (Expectation & { input: unknown })[])('$name', ({ input, valid, normalized, error }) => {
    expect(validateRuleChanges(input)).toEqual(valid ? { ok: true, changes: normalized } : { ok: false, error });
  });
});

describe('event payloads', () => {
  const { now, maxAgeDays } = eventPayloads;
  const cases = eventPayloads.cases as (Expectation & { input?: unknown; body?: string })[];

  it.each(cases)('$name', ({ input, body, valid, normalized, error }) => {
    const got = parseEventBatch(body ?? JSON.stringify(input), now, maxAgeDays * 86_400_000);
    if (valid) expect(got).toEqual({ ok: true, batch: normalized });
    else expect(got.ok ? 'accepted' : got.error.slice(0, error!.length)).toBe(error);
  });
});

describe('plan limits (the same fixture runs in pocketbase/usage)', () => {
  it('has the limits the pricing page states, and the alert level of each usage', () => {
    expect(MONTHLY_VISITOR_LIMITS).toEqual(planLimits.limits);
    for (const c of planLimits.levels) expect(usageAlertLevel(c.visitors, c.limit), JSON.stringify(c)).toBe(c.level);
  });

  it('gives API access to the plans the fixture lists, with the same refusal as pocketbase/publicapi', () => {
    for (const [tier, allowed] of Object.entries(planLimits.apiAccess.plans)) expect(can(tier, 'api_access'), tier).toBe(allowed);
    expect(upgradeMessage('api_access')).toBe(planLimits.apiAccess.refusal);
  });

  it('gives ecommerce analytics to the plans the fixture lists, with the same refusal as pocketbase/ecommerce', () => {
    for (const [tier, allowed] of Object.entries(planLimits.ecommerce.plans)) expect(can(tier, 'ecommerce'), tier).toBe(allowed);
    expect(upgradeMessage('ecommerce')).toBe(planLimits.ecommerce.refusal);
  });

  it('gives form analytics to the plans the fixture lists, with the same refusal as pocketbase/forms', () => {
    for (const [tier, allowed] of Object.entries(planLimits.formAnalytics.plans)) expect(can(tier, 'form_analytics'), tier).toBe(allowed);
    expect(upgradeMessage('form_analytics')).toBe(planLimits.formAnalytics.refusal);
  });

  it('gives on-page surveys to the plans the fixture lists, with the same refusal as pocketbase/surveys', () => {
    for (const [tier, allowed] of Object.entries(planLimits.surveys.plans)) expect(can(tier, 'surveys'), tier).toBe(allowed);
    expect(upgradeMessage('surveys')).toBe(planLimits.surveys.refusal);
  });

  it('gives session recordings to the plans the fixture lists, with the same refusal as pocketbase/recordings', () => {
    for (const [tier, allowed] of Object.entries(planLimits.recordings.plans)) expect(can(tier, 'recordings'), tier).toBe(allowed);
    expect(upgradeMessage('recordings')).toBe(planLimits.recordings.refusal);
  });

  it("gives click maps to the plans the fixture lists, over each plan's longest range, with the same refusals as pocketbase/heatmaps", () => {
    for (const [tier, allowed] of Object.entries(planLimits.clickMaps.plans)) expect(can(tier, 'click_maps'), tier).toBe(allowed);
    expect(CLICK_MAP_MAX_DAYS).toEqual(planLimits.clickMaps.maxDays);
    expect(upgradeMessage('click_maps')).toBe(planLimits.clickMaps.refusal);
    expect(clickMapRangeRefusal()).toBe(planLimits.clickMaps.rangeRefusal);
  });

  it('gives each plan the report frequencies the fixture lists, with the same refusals as pocketbase/reports', () => {
    for (const [tier, frequencies] of Object.entries(planLimits.reportFrequencies.plans))
      expect(allowedReportFrequencies(tier), tier).toEqual(frequencies);
    for (const f of REPORT_FREQUENCIES) expect(reportFrequencyRefusal(f)).toBe(planLimits.reportFrequencies.refusals[f]);
  });

  it('gives white label and the brands of an organization as the fixture lists, with the same refusals as pocketbase/whitelabel', () => {
    for (const [tier, allowed] of Object.entries(planLimits.whiteLabel.plans)) expect(can(tier, 'white_label'), tier).toBe(allowed);
    expect(upgradeMessage('white_label')).toBe(planLimits.whiteLabel.refusal);
    expect(BRAND_LIMITS).toEqual(planLimits.multiBrand.brands);
    expect(brandLimit('enterprise', true)).toBe(planLimits.multiBrand.brands.custom);
    expect(brandLimit('growth', true)).toBe(planLimits.multiBrand.brands.growth); // the contract needs the plan under it
    expect(MULTI_BRAND_REFUSAL).toBe(planLimits.multiBrand.refusal);
  });
});

describe('device classes (the same fixture runs in pocketbase/analytics)', () => {
  it.each(deviceClasses.cases)('$device: $ua', ({ ua, device }) => {
    expect(deviceClass(ua)).toBe(device);
  });
});

describe('experiment assignment (the same fixture runs in pocketbase/experiments)', () => {
  const cases = experimentAssignments.cases;

  it('covers the control, every variant and the visitors left out', () => {
    expect(new Set(cases.map((c) => c.variant))).toEqual(new Set([-1, 0, 1, 2, 3]));
  });

  it.each(cases)('$visitor in $seed at $traffic of $weights -> $variant', ({ visitor, seed, traffic, weights, variant }) => {
    expect(assignVariant(visitor, seed, traffic, weights)).toBe(variant);
  });
});

describe('rule rollout (the same fixture runs in pocketbase/experiments, for the edge)', () => {
  it('holds visitors in and out of rollouts', () => {
    expect(new Set(ruleRollouts.cases.map((c) => c.inRollout))).toEqual(new Set([true, false]));
  });

  it.each(ruleRollouts.cases)('$visitor at $percentage% of $seed -> $inRollout', ({ visitor, seed, percentage, inRollout: expected }) => {
    expect(inRollout(visitor, seed, percentage)).toBe(expected);
  });
});
