/**
 * The grounding of every AI answer: a compact, deterministic summary of the user's current site
 * built on the server from its own data (the Analytics report of the last 30 days, the latest scan,
 * the enabled rules, recent rollbacks, the running A/B tests and their results, the site's funnels
 * as the Funnels screen counts them, the summaries of the latest analysed documents). Figures are
 * written as the Analytics and Funnels screens write them, so
 * an answer that quotes them matches what the user sees. Nothing here invents data: an empty
 * source stays empty and is said to be empty.
 */
import type { AnalyticsReport } from '../contracts/analytics-report';
import { count, money, percent, seconds, signedPercent } from './figures';
import { funnelStepRates } from '../funnels';
import type { GroundingFunnelSource } from './funnel-steps';

export const GROUNDING_DAYS = 30;

export interface GroundingSources {
  domain: string;
  planTier: string;
  report: AnalyticsReport | null;
  scan: { scannedAt: string; findings: Array<{ title: string; impact: string; conversionLift?: string }> } | null;
  rules: Array<{ name: string; ruleType: string; rolloutPercentage: number; healthStatus: string }>;
  rollbacks: Array<{ type: string; reason: string; at: string }>;
  /** Running experiments with their results (pocketbase/experiments); null means not available in this build. */
  experiments: GroundingExperimentSource[] | null;
  /** The latest completed documents (newest first). */
  documents?: Array<{ fileName: string; language: string; summary: string }>;
  /** The site's newest funnels over the same days ($funnels.site); absent when not gathered. */
  funnels?: GroundingFunnelSource[];
}

/** A running experiment as the server's statistics engine reports it (rates and uplift as fractions, chance 0-1). */
export interface GroundingExperimentSource {
  name: string;
  status: string;
  goal: string;
  startedAt: string;
  variants: Array<{
    name: string;
    control: boolean;
    users: number;
    conversions: number;
    rate: number;
    uplift: number | null;
    chanceToBeat: number | null;
  }>;
}

export interface GroundingExperiment {
  name: string;
  goal: string;
  since: string;
  variants: Array<{
    name: string;
    control: boolean;
    users: string;
    conversions: string;
    conversionRate: string;
    /** Against the control; empty on the control and without data. */
    uplift: string;
    chanceToBeat: string;
  }>;
}

export interface GroundingPage {
  path: string;
  views: string;
  conversions: string;
  conversionRate: string;
  bounceRate: string;
}

export interface GroundingDevice {
  device: string;
  sessions: string;
  share: string;
  conversionRate: string;
}

/** Everything the analyst may cite, already formatted. */
export interface Grounding {
  domain: string;
  days: number;
  hasTraffic: boolean;
  figures: {
    visitors: string;
    sessions: string;
    pageViews: string;
    conversions: string;
    conversionRate: string;
    conversionRateChange: string;
    revenue: string;
    bounceRate: string;
    avgDuration: string;
    avgScroll: string;
  } | null;
  topPages: GroundingPage[];
  devices: GroundingDevice[];
  findings: Array<{ title: string; impact: string; lift: string }>;
  scannedAt: string | null;
  rules: Array<{ name: string; rollout: string; health: string }>;
  rollbacks: Array<{ type: string; reason: string; day: string }>;
  experiments: GroundingExperiment[] | null;
  documents: Array<{ fileName: string; language: string; summary: string }>;
  /** Each step's visitors and the share of the previous step's who went on (the Funnels screen's figures). */
  funnels: GroundingFunnel[];
  /** The funnels as gathered, for the analyst's step claims. */
  funnelSources: GroundingFunnelSource[];
}

export interface GroundingFunnel {
  name: string;
  steps: Array<{ label: string; users: string; fromPrevious: string }>;
}

/** The Analytics screen's Top Converting Pages list is the report's pages (10): the grounding holds the same list. */
const MAX_PAGES = 10;
const MAX_FUNNELS = 5;
const MAX_FINDINGS = 5;
const MAX_RULES = 10;
const MAX_ROLLBACKS = 5;
const MAX_EXPERIMENTS = 5;
const MAX_DOCUMENTS = 5;
const MAX_DOCUMENT_SUMMARY = 400;

function experiment(x: GroundingExperimentSource): GroundingExperiment {
  return {
    name: x.name,
    goal: x.goal || 'conversions',
    since: (x.startedAt || '').slice(0, 10),
    variants: x.variants.map((v) => ({
      name: v.name,
      control: v.control,
      users: count(v.users),
      conversions: count(v.conversions),
      conversionRate: percent(100 * v.rate, 2),
      uplift: v.uplift === null ? '' : signedPercent(100 * v.uplift),
      chanceToBeat: v.chanceToBeat === null ? '' : percent(100 * v.chanceToBeat, 0),
    })),
  };
}

/** One experiment in one line: each variant's users, conversions and rate, and against the control its uplift and chance to win. */
export function experimentLine(x: GroundingExperiment): string {
  const variants = x.variants.map((v) => {
    const base = `${v.name}${v.control ? ' (control)' : ''}: ${v.users} users, ${v.conversions} conversions, conversion rate ${v.conversionRate}`;
    return v.uplift ? `${base}, uplift ${v.uplift}, chance to beat control ${v.chanceToBeat}` : base;
  });
  return `${x.name} (goal ${x.goal}${x.since ? `, running since ${x.since}` : ''}): ${variants.join('; ')}`;
}

export function buildGrounding(src: GroundingSources): Grounding {
  const r = src.report;
  const s = r?.summary;
  const hasTraffic = !!s && s.sessions > 0;
  const deviceSessions = (r?.devices ?? []).reduce((sum, d) => sum + d.sessions, 0);
  return {
    domain: src.domain,
    days: r?.days ?? GROUNDING_DAYS,
    hasTraffic,
    figures:
      s && hasTraffic
        ? {
            visitors: count(s.visitors),
            sessions: count(s.sessions),
            pageViews: count(s.pageviews),
            conversions: count(s.conversions),
            conversionRate: percent(s.conversionRate, 2),
            conversionRateChange: signedPercent(r.changes.conversionRate),
            revenue: money(s.revenue),
            bounceRate: percent(s.bounceRate, 1),
            avgDuration: seconds(s.avgDuration),
            avgScroll: percent(Math.round(s.avgScroll), 0),
          }
        : null,
    topPages: (r?.pages ?? []).slice(0, MAX_PAGES).map((p) => ({
      path: p.path,
      views: count(p.pageviews),
      conversions: count(p.conversions),
      conversionRate: percent(p.conversionRate, 1),
      bounceRate: percent(p.bounceRate, 1),
    })),
    devices: (r?.devices ?? []).map((d) => ({
      device: d.value,
      sessions: count(d.sessions),
      share: percent(deviceSessions > 0 ? (100 * d.sessions) / deviceSessions : 0, 0),
      conversionRate: percent(d.conversionRate, 2),
    })),
    findings: (src.scan?.findings ?? [])
      .slice(0, MAX_FINDINGS)
      .map((f) => ({ title: f.title, impact: f.impact, lift: f.conversionLift ?? '' })),
    scannedAt: src.scan ? src.scan.scannedAt.slice(0, 10) : null,
    rules: src.rules
      .slice(0, MAX_RULES)
      .map((x) => ({ name: x.name || x.ruleType, rollout: `${x.rolloutPercentage}%`, health: x.healthStatus || 'unknown' })),
    rollbacks: src.rollbacks
      .slice(0, MAX_ROLLBACKS)
      .map((x) => ({ type: x.type, reason: x.reason || 'No reason recorded', day: x.at.slice(0, 10) })),
    experiments: src.experiments === null ? null : src.experiments.slice(0, MAX_EXPERIMENTS).map(experiment),
    documents: (src.documents ?? []).slice(0, MAX_DOCUMENTS).map((d) => ({
      fileName: d.fileName,
      language: d.language || 'unknown',
      summary: d.summary.length > MAX_DOCUMENT_SUMMARY ? `${d.summary.slice(0, MAX_DOCUMENT_SUMMARY - 3)}...` : d.summary,
    })),
    funnels: (src.funnels ?? []).slice(0, MAX_FUNNELS).map(funnel),
    funnelSources: (src.funnels ?? []).slice(0, MAX_FUNNELS),
  };
}

function funnel(f: GroundingFunnelSource): GroundingFunnel {
  const rates = funnelStepRates(f.steps.map((s) => ({ users: s.users, medianSeconds: 0 })));
  return {
    name: f.name,
    steps: f.steps.map((s, i) => ({
      label: s.label,
      users: count(s.users),
      fromPrevious: i === 0 ? '' : percent(rates[i]!.conversionRate, 1),
    })),
  };
}

/** The grounding as the model's system prompt: short lines, the same figures, what is missing said plainly. */
export function groundingPrompt(g: Grounding): string {
  const lines = [
    'You are the CRO analyst of a conversion-rate-optimization platform. Answer concisely.',
    `The user's site is ${g.domain}. Use only the figures below when you talk about this site; if a figure is not listed, say that it is not available. Never invent data.`,
    `## Last ${g.days} days`,
  ];
  const f = g.figures;
  if (!f) lines.push('No traffic recorded yet.');
  else {
    lines.push(
      `Visitors ${f.visitors}; sessions ${f.sessions}; page views ${f.pageViews}; conversions ${f.conversions}; conversion rate ${f.conversionRate} (${f.conversionRateChange} vs the previous ${g.days} days); revenue ${f.revenue}; bounce rate ${f.bounceRate}; average duration ${f.avgDuration}; average scroll ${f.avgScroll}.`,
    );
  }
  if (g.topPages.length) {
    lines.push('## Top converting pages (views, conversions recorded on the page, its conversion rate, bounce rate on entry)');
    for (const p of g.topPages) lines.push(`${p.path}: ${p.views}, ${p.conversions}, ${p.conversionRate}, ${p.bounceRate}`);
  }
  if (g.devices.length)
    lines.push(`## Devices: ${g.devices.map((d) => `${d.device} ${d.share} of sessions, conversion rate ${d.conversionRate}`).join('; ')}`);
  lines.push(g.findings.length ? `## Latest scan (${g.scannedAt})` : '## Latest scan: none yet');
  for (const x of g.findings) lines.push(`${x.title} (${x.impact} impact${x.lift ? `, ${x.lift} lift` : ''})`);
  lines.push(g.rules.length ? '## Enabled rules' : '## Enabled rules: none');
  for (const x of g.rules) lines.push(`${x.name}: rollout ${x.rollout}, health ${x.health}`);
  lines.push(g.rollbacks.length ? '## Recent rollbacks' : '## Recent rollbacks: none');
  for (const x of g.rollbacks) lines.push(`${x.day} ${x.type}: ${x.reason}`);
  if (g.experiments === null) lines.push('## Experiments: not available');
  else if (!g.experiments.length) lines.push('## Experiments: none');
  else {
    lines.push('## Running experiments (users, conversions, conversion rate; against the control: uplift, chance to beat control)');
    for (const x of g.experiments) lines.push(experimentLine(x));
  }
  if (g.funnels.length) {
    lines.push(`## Funnels, last ${g.days} days (visitors per step; in brackets the share of the previous step's visitors who went on)`);
    for (const f of g.funnels)
      lines.push(`${f.name}: ${f.steps.map((s) => `${s.label} ${s.users}${s.fromPrevious ? ` (${s.fromPrevious})` : ''}`).join('; ')}`);
  } else lines.push('## Funnels: none');
  lines.push(g.documents.length ? '## Analysed documents' : '## Analysed documents: none');
  for (const d of g.documents) lines.push(`${d.fileName} (${d.language}): ${d.summary}`);
  return lines.join('\n');
}
