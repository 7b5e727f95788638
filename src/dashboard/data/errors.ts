/** The message of a failed SDK call, without PocketBase's trailing period doubled. */
export function errorMessage(err: unknown, fallback: string): string {
  const e = err as { response?: { message?: string }; message?: string };
  return e?.response?.message || e?.message || fallback;
}

/** The HTTP status of a failed SDK call (0 when the request never got an answer). */
export function errorStatus(err: unknown): number | undefined {
  return (err as { status?: number } | null)?.status;
}
