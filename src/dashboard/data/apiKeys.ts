/** The current site's API keys (owners and admins only: others get none) and their creation and revocation. */
import { computed } from 'nanostores';
import { pb } from '../../client/pb';
import type { ApiKeyScope } from '../../lib/api-keys';
import { createCollectionStore, fieldIs } from './collectionStore';
import type { ApiKeyRecord } from './records';
import { $currentSiteId } from './sites';

const apiKeysState = createCollectionStore<ApiKeyRecord>({
  collection: 'api_keys',
  key: $currentSiteId,
  filter: (siteId) => fieldIs('site_id', siteId),
  sort: '-created_at',
});

/** The site's keys, newest first; `undefined` while loading, `[]` when the load failed. */
export const $apiKeys = computed(apiKeysState, (s) => s.value ?? (s.error ? [] : undefined));

export const refetchApiKeys = () => apiKeysState.refetch();

/** A key just created: the only time the secret `key` is ever sent. */
export interface CreatedApiKey {
  id: string;
  name: string;
  prefix: string;
  scope: ApiKeyScope;
  key: string;
}

export async function createApiKey(siteId: string, name: string, scope: ApiKeyScope): Promise<CreatedApiKey> {
  const created = await pb.send<CreatedApiKey>(`/api/cro/sites/${encodeURIComponent(siteId)}/api-keys`, {
    method: 'POST',
    body: { name, scope },
    requestKey: null,
  });
  void refetchApiKeys();
  return created;
}

export async function revokeApiKey(id: string): Promise<void> {
  await pb.send(`/api/cro/api-keys/${encodeURIComponent(id)}/revoke`, { method: 'POST', requestKey: null });
  void refetchApiKeys();
}
