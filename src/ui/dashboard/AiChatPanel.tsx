/**
 * The AI chat panel: the conversation of the current site, the quick questions and the input
 * (Enter sends, Shift+Enter makes a newline). Without entitlement it shows the premium banner and
 * the input and buttons are disabled. Failures become toasts.
 */
import { useStore } from '@nanostores/react';
import { Bot, Send, Sparkles, User } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { QUICK_QUESTIONS } from '../../lib/ai';
import { $chat, sendChatMessage } from '../../dashboard/data/aiChat';
import { Button } from '../Button';
import { notify } from '../toast';

function PremiumBanner() {
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="ai-premium-banner"
    >
      <p>
        <span className="font-semibold">Premium feature.</span> The AI chat is included in the Starter, Growth and Enterprise plans.
      </p>
      <a href="/pricing" className="rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white hover:bg-indigo-700">
        Upgrade Now
      </a>
    </div>
  );
}

export function AiChatPanel({ siteId, entitled, engineLabel }: { siteId: string; entitled: boolean; engineLabel: string }) {
  const chat = useStore($chat);
  const [draft, setDraft] = useState('');
  const endRef = useRef<HTMLDivElement>(null);
  const messages = chat.siteId === siteId ? chat.messages : [];
  const waiting = chat.sending && messages.at(-1)?.role === 'user';

  const lastContent = messages.at(-1)?.content;
  // A block body: newer browsers return a promise from scrollIntoView, which React would take for a cleanup.
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length, lastContent]);

  async function send(text: string) {
    if (!entitled || chat.sending || !text.trim()) return;
    setDraft('');
    const failure = await sendChatMessage(siteId, text);
    if (failure) notify(failure.title, failure.description, 'destructive');
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send(draft);
    }
  }

  return (
    <section
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      aria-label="AI chat"
      data-testid="ai-chat"
    >
      {!entitled && <PremiumBanner />}
      <div className="flex flex-wrap gap-2" aria-label="Quick questions">
        {QUICK_QUESTIONS.map((q) => (
          <Button key={q.topic} variant="outline" disabled={!entitled || chat.sending} onClick={() => void send(q.question)}>
            <Sparkles className="h-4 w-4" aria-hidden="true" />
            {q.label}
          </Button>
        ))}
      </div>
      <div className="min-h-48 space-y-3" role="log" aria-live="polite" data-testid="ai-chat-log">
        {messages.length === 0 && <p className="text-sm text-slate-500">Ask a question about your site, or pick a quick question.</p>}
        {messages.map((m, i) => (
          <div key={i} className="flex gap-2" data-testid={`chat-message-${m.role}`}>
            {m.role === 'user' ? (
              <User className="mt-1 h-4 w-4 shrink-0 text-slate-500" aria-label="You" />
            ) : (
              <Bot className="mt-1 h-4 w-4 shrink-0 text-indigo-600" aria-label={engineLabel} />
            )}
            <p className={m.role === 'user' ? 'font-medium whitespace-pre-wrap text-slate-900' : 'whitespace-pre-wrap text-slate-700'}>
              {m.content}
            </p>
          </div>
        ))}
        {waiting && (
          <p className="text-sm text-slate-500" data-testid="ai-chat-thinking">
            Thinking…
          </p>
        )}
        <div ref={endRef} />
      </div>
      <div className="flex items-end gap-2">
        <label htmlFor="ai-chat-input" className="sr-only">
          Your question
        </label>
        <textarea
          id="ai-chat-input"
          rows={2}
          value={draft}
          disabled={!entitled || chat.sending}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Ask about your conversion rate, pages or tests (Shift+Enter for a new line)"
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm disabled:bg-slate-50"
        />
        <Button aria-label="Send" disabled={!entitled || chat.sending || !draft.trim()} onClick={() => void send(draft)}>
          <Send className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
