/** The chat request the browser sends and the server checks: the conversation so far, newest last. */
export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

export const CHAT_MAX_MESSAGES = 40;
export const CHAT_MAX_CHARS = 8000;

/** The checked conversation, or the 400 message: roles user or assistant, non-blank text, a user turn last. */
export function parseChatMessages(input: unknown): { ok: true; messages: ChatMessage[] } | { ok: false; error: string } {
  if (!Array.isArray(input) || input.length === 0 || input.length > CHAT_MAX_MESSAGES) {
    return { ok: false, error: `Send between 1 and ${CHAT_MAX_MESSAGES} messages.` };
  }
  const messages: ChatMessage[] = [];
  for (const m of input as unknown[]) {
    const { role, content } = (m && typeof m === 'object' ? m : {}) as { role?: unknown; content?: unknown };
    if ((role !== 'user' && role !== 'assistant') || typeof content !== 'string' || content.trim() === '') {
      return { ok: false, error: 'Each message needs a role (user or assistant) and some text.' };
    }
    if (content.length > CHAT_MAX_CHARS) return { ok: false, error: `A message may have at most ${CHAT_MAX_CHARS} characters.` };
    messages.push({ role, content });
  }
  if (messages[messages.length - 1]!.role !== 'user') return { ok: false, error: 'The last message must be the question.' };
  return { ok: true, messages };
}
