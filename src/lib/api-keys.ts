/**
 * API keys of the public REST API: the rules the Settings form checks before it asks the server,
 * which checks the same ones again (pocketbase/publicapi/keys.go).
 */
export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_NAME_MAX = 60;

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Read: analytics and experiments',
  write: 'Write: also record conversions',
};

/** The trimmed name, or the error the server would answer. */
export function checkApiKeyName(name: string): { ok: true; value: string } | { ok: false; error: string } {
  const value = name.trim();
  if (value === '' || [...value].length > API_KEY_NAME_MAX) return { ok: false, error: 'Give the key a name of 1 to 60 characters.' };
  return { ok: true, value };
}
