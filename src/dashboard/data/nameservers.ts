/**
 * Whether this install's own nameservers answer (GET /api/cro/nameservers). The dashboard offers
 * connecting a domain by DNS only when they do: delegating a domain to nameservers that do not
 * answer would take the whole domain offline, mail included.
 */
import { computed } from 'nanostores';
import { pb } from '../../client/pb';
import { createLiveStore } from './liveStore';
import { $currentSiteId } from './sites';

export interface NameserverHealth {
  working: boolean;
  detail: string;
  nameservers: string[];
}

// Keyed by the current site only so that it loads once a site is shown; the answer is the install's.
const healthState = createLiveStore<NameserverHealth, string>({
  name: 'nameserver health',
  key: $currentSiteId,
  load: () => pb.send<NameserverHealth>('/api/cro/nameservers', { requestKey: null }),
});

/** undefined while loading; false when the install's nameservers do not answer or the check failed. */
export const $dnsConnectAvailable = computed(healthState, (s) => (s.error ? false : s.value?.working));
