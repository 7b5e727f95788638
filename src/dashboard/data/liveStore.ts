/**
 * The one helper behind every dashboard store: it loads a value for a key (the signed-in user, the
 * current site...) when the store gets its first listener, follows realtime changes of the
 * collections it names, loads again when the key changes, and stops everything after the last
 * listener leaves. Screens never call PocketBase themselves; they listen to stores built here.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import type { RecordSubscription } from 'pocketbase';
import { pb } from '../../client/pb';

export interface LiveState<T> {
  /** `undefined` until the first load for the current key has answered. */
  value: T | undefined;
  /** The last load's failure (the value stays as it was), or null. */
  error: unknown;
}

export interface LiveStore<T> extends ReadableAtom<LiveState<T>> {
  /** Loads the current key again now, e.g. after a write; resolves once the state is updated. */
  refetch(): Promise<void>;
}

export interface RealtimeSource<T, K> {
  collection: string;
  /** The server-side filter of the subscription for a key (e.g. the site's records only). */
  filter?: (key: K) => string;
  /** Applies an event to the value without a reload; without it, an event reloads. */
  apply?: (event: RecordSubscription, value: T | undefined) => T;
}

export interface LiveStoreOptions<T, K> {
  /** Named in console messages. */
  name: string;
  /** What the value depends on; `null` means there is nothing to load (the value is `empty`). */
  key: ReadableAtom<K | null>;
  load: (key: K) => Promise<T>;
  realtime?: RealtimeSource<T, K>[];
  /** Reloads triggered by realtime wait this long, so a burst of changes reloads once. */
  debounceMs?: number;
  /** The value while the key is null. */
  empty?: T;
}

type Unsubscribe = () => Promise<void>;
const INITIAL = { value: undefined, error: null } as const;

export function createLiveStore<T, K>(options: LiveStoreOptions<T, K>): LiveStore<T> {
  const $state = atom<LiveState<T>>(INITIAL);
  let key: K | null = null;
  // Bumped on every key change and stop, so an answer for an older key is dropped.
  let generation = 0;
  let subscriptions: Promise<Unsubscribe>[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let mounted = false;
  let following = false;

  async function load(): Promise<void> {
    if (!mounted || key === null) return;
    const asked = generation;
    const forKey = key;
    try {
      const value = await options.load(forKey);
      if (asked === generation) $state.set({ value, error: null });
    } catch (error) {
      if (asked !== generation) return;
      console.warn(`${options.name}: load failed`, error);
      $state.set({ value: $state.get().value, error });
    }
  }

  function reloadSoon(): void {
    if (!options.debounceMs) return void load();
    clearTimeout(timer);
    timer = setTimeout(() => void load(), options.debounceMs);
  }

  function follow(forKey: K): void {
    subscriptions = (options.realtime ?? []).map((source) => {
      const asked = generation;
      const onEvent = (event: RecordSubscription) => {
        if (asked !== generation) return;
        if (source.apply) $state.set({ value: source.apply(event, $state.get().value), error: null });
        else reloadSoon();
      };
      const filter = source.filter?.(forKey);
      return pb
        .collection(source.collection)
        .subscribe('*', onEvent, filter ? { filter } : undefined)
        .catch((error): Unsubscribe => {
          console.warn(`${options.name}: realtime for ${source.collection} failed`, error);
          return () => Promise.resolve();
        });
    });
  }

  function stopFollowing(): void {
    generation += 1;
    clearTimeout(timer);
    for (const pending of subscriptions) void pending.then((unsubscribe) => unsubscribe()).catch(() => undefined);
    subscriptions = [];
  }

  function switchTo(next: K | null): void {
    stopFollowing();
    following = true;
    key = next;
    if (next === null) {
      $state.set({ value: options.empty, error: null });
      return;
    }
    $state.set(INITIAL);
    follow(next);
    void load();
    // A change made after the first read asked the server but before it confirmed the
    // subscriptions reaches neither: read again once they are confirmed.
    const asked = generation;
    if (subscriptions.length)
      void Promise.all(subscriptions).then(() => {
        if (asked === generation) void load();
      });
  }

  onMount($state, () => {
    mounted = true;
    const unlisten = options.key.subscribe((next) => {
      if (!following || next !== key) switchTo(next);
    });
    return () => {
      unlisten();
      mounted = false;
      following = false;
      stopFollowing();
      key = null;
      $state.set(INITIAL);
    };
  });

  return Object.assign($state, { refetch: load });
}
