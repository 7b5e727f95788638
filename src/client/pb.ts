/**
 * The one PocketBase SDK client of the browser. Islands and the dashboard share it (and so the
 * session in localStorage under `pocketbase_auth`). The API lives on the page's own origin.
 */
import PocketBase from 'pocketbase';

const origin = typeof window !== 'undefined' ? window.location.origin : 'http://127.0.0.1:8090';

export const pb = new PocketBase(origin);
// React may fire an effect twice; never cancel a duplicate request silently.
pb.autoCancellation(false);

// A 401 means the stored token is no longer accepted: drop it so every store sees "signed out".
pb.afterSend = (response, data) => {
  if (response.status === 401 && pb.authStore.token) pb.authStore.clear();
  return data;
};
