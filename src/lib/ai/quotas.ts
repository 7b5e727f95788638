/**
 * Per-plan AI allowances, counted per site: chat messages per UTC day and model tokens per UTC
 * month. Free sites have no chat (the premium banner); the server enforces these, the UI shows them.
 */
import { normalizeTier, type PlanTier } from '../plans';
import { QUOTA_ERROR_CODE } from './chat-messages';

export interface AiQuota {
  messagesPerDay: number;
  tokensPerMonth: number;
}

export const AI_QUOTAS: Record<PlanTier, AiQuota> = {
  free: { messagesPerDay: 0, tokensPerMonth: 0 },
  starter: { messagesPerDay: 50, tokensPerMonth: 500_000 },
  growth: { messagesPerDay: 200, tokensPerMonth: 2_000_000 },
  enterprise: { messagesPerDay: 1000, tokensPerMonth: 10_000_000 },
};

export interface AiUsage {
  messagesToday: number;
  tokensThisMonth: number;
}

/** The UTC day ('2026-11-23') and month ('2026-11') a usage count belongs to. */
export function usagePeriod(now: Date): { day: string; month: string } {
  const day = now.toISOString().slice(0, 10);
  return { day, month: day.slice(0, 7) };
}

/** Why another chat message is refused, or null when the plan's allowance has room. */
export function quotaRefusal(tier: unknown, usage: AiUsage): { code: typeof QUOTA_ERROR_CODE; error: string } | null {
  const quota = AI_QUOTAS[normalizeTier(tier)];
  if (usage.messagesToday >= quota.messagesPerDay) {
    return {
      code: QUOTA_ERROR_CODE,
      error: `Daily AI message limit reached (${quota.messagesPerDay} a day on your plan). It resets at midnight UTC.`,
    };
  }
  if (usage.tokensThisMonth >= quota.tokensPerMonth) {
    return {
      code: QUOTA_ERROR_CODE,
      error: `Monthly AI allowance used up (${quota.tokensPerMonth} tokens on your plan). It resets on the 1st.`,
    };
  }
  return null;
}
