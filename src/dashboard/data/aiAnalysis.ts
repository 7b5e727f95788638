/**
 * AI Analysis of the current site: the latest stored analysis (ai_analyses) and 'Run Analysis'
 * (POST /api/cro/ai/analysis), after which the latest one is loaded again.
 */
import { pb } from '../../client/pb';
import { createLiveStore } from './liveStore';
import type { AiAnalysisRecord } from './records';
import { $currentSiteId } from './sites';

export const $latestAnalysis = createLiveStore<AiAnalysisRecord | null, string>({
  name: 'aiAnalysis',
  key: $currentSiteId,
  load: async (siteId) => {
    const page = await pb
      .collection('ai_analyses')
      .getList<AiAnalysisRecord>(1, 1, { filter: pb.filter('site_id = {:site}', { site: siteId }), sort: '-created_at', requestKey: null });
    return page.items[0] ?? null;
  },
});

/** Runs an analysis; resolves with the number of insights, or rejects with the server's error. */
export async function runAnalysis(siteId: string): Promise<number> {
  const res = await pb.send<{ insights: unknown[] }>('/api/cro/ai/analysis', { method: 'POST', body: { siteId }, requestKey: null });
  await $latestAnalysis.refetch();
  return res.insights.length;
}
