/**
 * The AI chat of the current site: which engine answers and what the plan allows
 * (GET /api/cro/ai/status/{site}), the conversation, and sending a question whose answer streams in
 * (POST /api/cro/ai/chat, read by src/lib/ai/chat-client.ts). The conversation starts afresh when
 * the site changes.
 */
import { atom } from 'nanostores';
import { pb } from '../../client/pb';
import { CHAT_MESSAGES, streamChat, type AiQuota, type AiUsage, type ChatMessage } from '../../lib/ai';
import { createLiveStore } from './liveStore';
import { $currentSiteId } from './sites';

export interface AiStatus {
  engine: 'builtin' | 'model';
  model: string;
  entitled: boolean;
  quota: AiQuota;
  usage: AiUsage;
}

export const $aiStatus = createLiveStore<AiStatus, string>({
  name: 'aiStatus',
  key: $currentSiteId,
  load: (siteId) => pb.send<AiStatus>(`/api/cro/ai/status/${encodeURIComponent(siteId)}`, { requestKey: null }),
});

export interface ChatState {
  siteId: string | null;
  messages: ChatMessage[];
  sending: boolean;
}

export const $chat = atom<ChatState>({ siteId: null, messages: [], sending: false });

/** A failure to show as a toast. */
export interface ChatFailure {
  title: string;
  description: string;
}

let inFlight: AbortController | null = null;

$currentSiteId.listen(() => {
  inFlight?.abort();
  $chat.set({ siteId: null, messages: [], sending: false });
});

function appendAnswer(text: string, first: boolean): void {
  const s = $chat.get();
  const messages = first
    ? [...s.messages, { role: 'assistant' as const, content: text }]
    : s.messages.map((m, i) => (i === s.messages.length - 1 ? { ...m, content: m.content + text } : m));
  $chat.set({ ...s, messages });
}

/** Sends a question; resolves with the failure to show, or null when the answer arrived whole. */
export async function sendChatMessage(siteId: string, text: string): Promise<ChatFailure | null> {
  const question = text.trim();
  const current = $chat.get();
  if (!question || current.sending) return null;
  const history = current.siteId === siteId ? current.messages : [];
  const messages: ChatMessage[] = [...history, { role: 'user', content: question }];
  $chat.set({ siteId, messages, sending: true });
  const controller = new AbortController();
  inFlight = controller;
  let answered = false;
  let failure: ChatFailure | null = null;
  try {
    await streamChat(
      { url: pb.buildURL('/api/cro/ai/chat'), token: pb.authStore.token, siteId, messages, signal: controller.signal },
      {
        onDelta: (piece) => {
          appendAnswer(piece, !answered);
          answered = true;
        },
        onDone: () => undefined,
        onError: (message) => (failure = { title: 'Error', description: message }),
      },
    );
  } catch (err) {
    if (controller.signal.aborted) return null;
    failure = { title: CHAT_MESSAGES.sendFailed, description: err instanceof Error && err.message ? err.message : CHAT_MESSAGES.unknown };
  } finally {
    if (inFlight === controller) {
      inFlight = null;
      $chat.set({ ...$chat.get(), sending: false });
    }
  }
  void $aiStatus.refetch();
  return failure;
}
