/**
 * The common case of `createLiveStore`: the records of one collection for a key (usually the
 * current site), sorted, kept fresh by realtime on that collection.
 */
import type { ReadableAtom } from 'nanostores';
import { pb } from '../../client/pb';
import { createLiveStore, type LiveStore } from './liveStore';
import type { RecordModel } from './records';

export interface CollectionStoreOptions<K> {
  collection: string;
  /** What the records depend on; `null` means none (an empty list). */
  key: ReadableAtom<K | null>;
  /** The PocketBase filter for a key; also filters the realtime subscription. */
  filter?: (key: K) => string;
  sort?: string;
  /** Only the first `limit` records (no total count); all of them without it. */
  limit?: number;
  /** The fields to load (PocketBase's `fields`), to leave out large ones; all without it. */
  fields?: string;
  /** Follow realtime changes (default true). */
  realtime?: boolean;
  debounceMs?: number;
}

export function createCollectionStore<R extends RecordModel, K = string>(options: CollectionStoreOptions<K>): LiveStore<R[]> {
  const { collection, filter, sort, limit, fields } = options;
  return createLiveStore<R[], K>({
    name: collection,
    key: options.key,
    empty: [],
    debounceMs: options.debounceMs,
    realtime: options.realtime === false ? [] : [{ collection, filter }],
    load: async (key) => {
      const query = { filter: filter?.(key), sort, fields, requestKey: null };
      if (!limit) return pb.collection(collection).getFullList<R>(query);
      return (await pb.collection(collection).getList<R>(1, limit, { ...query, skipTotal: true })).items;
    },
  });
}

/** A PocketBase filter on one field, with the value escaped by the SDK. */
export const fieldIs = (field: string, value: string) => pb.filter(`${field} = {:value}`, { value });
