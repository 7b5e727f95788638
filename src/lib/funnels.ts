/**
 * Funnels: what a funnel definition may hold (checked by the browser's dialog and by the server's
 * hook before anything is stored) and the rates the screen derives from the server's counts.
 * How visitors are counted is the event store's (pocketbase/eventstore/funnelpath).
 */
import { urlPatternProblem } from './contracts/url-pattern';

export const MIN_FUNNEL_STEPS = 2;
export const MAX_FUNNEL_STEPS = 10;
export const DEFAULT_FUNNEL_WINDOW_DAYS = 7;
export const MAX_FUNNEL_WINDOW_DAYS = 90;
export const MAX_FUNNEL_NAME = 200;

/** ordered: each step after the previous one; strict: the next funnel event must be the next step; any: steps 2..n in any order. */
export const FUNNEL_ORDERS = ['ordered', 'strict', 'any'] as const;
export type FunnelOrder = (typeof FUNNEL_ORDERS)[number];

export const FUNNEL_BREAKDOWNS = ['device', 'browser', 'country', 'source', 'landing'] as const;
export type FunnelBreakdown = (typeof FUNNEL_BREAKDOWNS)[number];

/** A step: a page view of a URL pattern (the rules' and goals' syntax) or a conversion of one of the site's goals. */
export type FunnelStepDef = { kind: 'page'; match: string } | { kind: 'goal'; goal: string };

export interface FunnelDefinition {
  name: string;
  description: string;
  steps: FunnelStepDef[];
  window_days: number;
  step_order: FunnelOrder;
}

type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

const RECORD_ID = /^[a-z0-9]{15}$/;

function checkStep(raw: unknown, i: number, goalIds: readonly string[]): Checked<FunnelStepDef> {
  const s = (raw ?? {}) as Record<string, unknown>;
  const label = `Step ${i + 1}`;
  if (s.kind === 'page') {
    const match = typeof s.match === 'string' ? s.match.trim() : '';
    if (!match) return { ok: false, error: `${label}: enter a page URL pattern` };
    const problem = urlPatternProblem(match);
    if (problem) return { ok: false, error: `${label}: ${problem}` };
    return { ok: true, value: { kind: 'page', match } };
  }
  if (s.kind === 'goal') {
    const goal = typeof s.goal === 'string' ? s.goal : '';
    if (!RECORD_ID.test(goal) || !goalIds.includes(goal)) return { ok: false, error: `${label}: choose one of this site's goals` };
    return { ok: true, value: { kind: 'goal', goal } };
  }
  return { ok: false, error: `${label}: a step is a page or a goal` };
}

/**
 * Checks a funnel against the site's goal ids and returns it normalized (trimmed, defaults
 * filled), or the first problem in words an editor can act on.
 */
export function validateFunnel(input: Record<string, unknown>, goalIds: readonly string[]): Checked<FunnelDefinition> {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name) return { ok: false, error: 'Give the funnel a name' };
  if (name.length > MAX_FUNNEL_NAME) return { ok: false, error: `The name is longer than ${MAX_FUNNEL_NAME} characters` };
  const steps = input.steps;
  if (!Array.isArray(steps) || steps.length < MIN_FUNNEL_STEPS || steps.length > MAX_FUNNEL_STEPS) {
    return { ok: false, error: `A funnel has ${MIN_FUNNEL_STEPS} to ${MAX_FUNNEL_STEPS} steps` };
  }
  const out: FunnelStepDef[] = [];
  for (let i = 0; i < steps.length; i++) {
    const step = checkStep(steps[i], i, goalIds);
    if (!step.ok) return step;
    out.push(step.value);
  }
  const rawWindow = input.window_days;
  const window = rawWindow === undefined || rawWindow === null || rawWindow === 0 ? DEFAULT_FUNNEL_WINDOW_DAYS : rawWindow;
  if (typeof window !== 'number' || !Number.isInteger(window) || window < 1 || window > MAX_FUNNEL_WINDOW_DAYS) {
    return { ok: false, error: `The conversion window is a whole number of days from 1 to ${MAX_FUNNEL_WINDOW_DAYS}` };
  }
  const order = input.step_order || 'ordered';
  if (!(FUNNEL_ORDERS as readonly unknown[]).includes(order)) return { ok: false, error: 'The step order is ordered, strict or any' };
  const description = typeof input.description === 'string' ? input.description.trim() : '';
  return { ok: true, value: { name, description, steps: out, window_days: window, step_order: order as FunnelOrder } };
}

/** One step's counts as the server answers them. */
export interface FunnelStepCounts {
  users: number;
  medianSeconds: number;
}

/** A step with what the screen shows: conversion from the previous and from the first step, drop-off (percent, one decimal). */
export interface FunnelStepRates extends FunnelStepCounts {
  conversionRate: number;
  fromFirst: number;
  dropOff: number;
}

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/** Derives each step's rates: the first step converts 100% of its entrants (0 without any). */
export function funnelStepRates(steps: readonly FunnelStepCounts[]): FunnelStepRates[] {
  const first = steps[0]?.users ?? 0;
  let prev = first;
  return steps.map((s) => {
    const conversionRate = pct(s.users, prev);
    const dropOff = prev > 0 ? Math.round((100 - conversionRate) * 10) / 10 : 0;
    prev = s.users;
    return { ...s, conversionRate, fromFirst: pct(s.users, first), dropOff };
  });
}

/** Overall conversion: the last step's visitors of the first step's, in percent with one decimal. */
export function overallConversion(steps: readonly FunnelStepCounts[]): number {
  return pct(steps[steps.length - 1]?.users ?? 0, steps[0]?.users ?? 0);
}

/** The step (index, never the first) before which the largest share of visitors is lost, or -1 without any loss. */
export function worstDropOffStep(steps: readonly FunnelStepCounts[]): number {
  let worst = -1;
  let worstDrop = 0;
  funnelStepRates(steps).forEach((r, i) => {
    if (i > 0 && r.dropOff > worstDrop) {
      worst = i;
      worstDrop = r.dropOff;
    }
  });
  return worst;
}

/** A duration in seconds as the screen shows it: 45s, 3m 20s, 2h 5m, 3d 4h. */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${s % 60 ? ` ${s % 60}s` : ''}`;
  if (s < 86400) return `${Math.floor(s / 3600)}h${Math.floor((s % 3600) / 60) ? ` ${Math.floor((s % 3600) / 60)}m` : ''}`;
  return `${Math.floor(s / 86400)}d${Math.floor((s % 86400) / 3600) ? ` ${Math.floor((s % 86400) / 3600)}h` : ''}`;
}

/** The calendar day of an instant in a time zone (UTC when the zone is empty or unknown), as YYYY-MM-DD. */
export function calendarDay(at: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

/** The last `days` days of a site's calendar (its time zone), today included: the funnels' ranges. */
export function lastCalendarDays(days: number, timeZone: string, now = new Date()): { from: string; to: string } {
  const to = calendarDay(now, timeZone);
  return { from: new Date(Date.parse(to) - (days - 1) * 86400000).toISOString().slice(0, 10), to };
}
