/**
 * The message to show for a failed PocketBase call: the first field error if the server gave one
 * (e.g. "The email is invalid or already in use."), else its message, else the fallback.
 */
export function apiErrorMessage(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  const e = err as { response?: { message?: unknown; data?: Record<string, { message?: unknown }> }; message?: unknown } | null;
  const data = e?.response?.data;
  if (data && typeof data === 'object') {
    for (const [field, value] of Object.entries(data)) {
      if (value && typeof value.message === 'string' && value.message) return `${label(field)}: ${value.message}`;
    }
  }
  if (typeof e?.response?.message === 'string' && e.response.message) return e.response.message;
  if (typeof e?.message === 'string' && e.message) return e.message;
  return fallback;
}

function label(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
