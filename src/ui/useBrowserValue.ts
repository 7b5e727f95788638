/**
 * A value only the browser knows (the page's query string, a navigator feature): the server's
 * render and hydration get `serverValue`, the browser's renders read it. Read without an effect,
 * so the first client render after hydration needs no second pass. `read` must return a primitive.
 */
import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

export function useBrowserValue<T extends string | number | boolean | null>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(neverChanges, read, () => serverValue);
}
