/**
 * Sends one chat request and reads its stream: the browser's side of the chat protocol, kept free
 * of the DOM so tests run it against a real server. `fetchImpl` is the page's fetch.
 */
import { chatStartError, CHAT_MESSAGES } from './chat-messages';
import type { ChatMessage } from './chat-request';
import { createChatStreamParser } from './chat-stream';

export interface ChatCallbacks {
  onDelta(text: string): void;
  onDone(): void;
  /** A refusal or a broken stream: the message to show (a toast), sending stops. */
  onError(message: string): void;
}

export interface ChatRequest {
  url: string;
  token: string;
  siteId: string;
  messages: ChatMessage[];
  signal?: AbortSignal;
}

/** Resolves when the answer ended one way or the other; throws only when the request itself failed. */
export async function streamChat(req: ChatRequest, cb: ChatCallbacks, fetchImpl: typeof fetch = fetch): Promise<void> {
  const res = await fetchImpl(req.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: req.token },
    body: JSON.stringify({ siteId: req.siteId, messages: req.messages }),
    signal: req.signal,
  });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    cb.onError(chatStartError(res.status, body));
    return;
  }
  if (!res.body) {
    cb.onError(CHAT_MESSAGES.noBody);
    return;
  }
  let ended = false;
  const parser = createChatStreamParser({
    onDelta: cb.onDelta,
    onDone: () => {
      ended = true;
      cb.onDone();
    },
    onError: (m) => {
      ended = true;
      cb.onError(m);
    },
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  while (!ended) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.push(value);
  }
  if (!ended) parser.end();
  else await reader.cancel().catch(() => undefined);
}
