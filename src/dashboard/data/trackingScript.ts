/** The current site's tracking snippet from /api/cro/generate-tracking-script. */
import { computed } from 'nanostores';
import { pb } from '../../client/pb';
import { createLiveStore } from './liveStore';
import { $currentSiteId } from './sites';

const scriptState = createLiveStore<string, string>({
  name: 'tracking script',
  key: $currentSiteId,
  load: async (siteId) =>
    (await pb.send<{ script: string }>('/api/cro/generate-tracking-script', { method: 'POST', body: { siteId }, requestKey: null })).script,
});

/** The snippet to paste; undefined while loading or when the load failed. */
export const $trackingScript = computed(scriptState, (s) => (s.error ? undefined : s.value));

/** Whether loading the snippet failed. */
export const $trackingScriptFailed = computed(scriptState, (s) => s.error !== null);
