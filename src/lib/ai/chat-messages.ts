/** The chat's messages to the user, and how a refused chat request becomes one. */
export const CHAT_MESSAGES = {
  rateLimited: 'Rate limit exceeded. Please try again in a moment.',
  paymentRequired: 'Payment required. Please add credits to continue.',
  failedToStart: 'Failed to start AI chat',
  noBody: 'No response body',
  unknown: 'Unknown error',
  sendFailed: 'Failed to send message',
  interrupted: 'The AI response was interrupted. Please try again.',
} as const;

/** The error code the server puts on a 429 that is the plan's quota rather than a rate limit. */
export const QUOTA_ERROR_CODE = 'ai_quota';

/** The message for a chat request the server refused, from its status and JSON body (if any). */
export function chatStartError(status: number, body: unknown): string {
  const b = body && typeof body === 'object' ? (body as { error?: unknown; message?: unknown; code?: unknown }) : {};
  if (status === 429) return b.code === QUOTA_ERROR_CODE && typeof b.error === 'string' ? b.error : CHAT_MESSAGES.rateLimited;
  if (status === 402) return CHAT_MESSAGES.paymentRequired;
  if (typeof b.error === 'string' && b.error) return b.error;
  if (typeof b.message === 'string' && b.message) return b.message;
  return CHAT_MESSAGES.failedToStart;
}
