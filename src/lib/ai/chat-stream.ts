/**
 * The browser's reader of the chat stream: server-sent `data:` lines carrying JSON with
 * choices[0].delta.content, ended by `data: [DONE]`. Comment lines (`:`) and blank lines are
 * ignored; a line split across network chunks waits in the buffer until its end arrives; a line
 * `data: {"error": "..."}` means the answer broke off.
 */
import { CHAT_MESSAGES } from './chat-messages';

export interface ChatStreamHandlers {
  onDelta(text: string): void;
  onDone(): void;
  onError(message: string): void;
}

export interface ChatStreamParser {
  /** Feeds one decoded chunk of the body. */
  push(chunk: string): void;
  /** The body ended: a stream that never said [DONE] or an error was cut off. */
  end(): void;
}

type LineOutcome = 'more' | 'finished' | 'incomplete';

export function createChatStreamParser(handlers: ChatStreamHandlers): ChatStreamParser {
  let buffer = '';
  let finished = false;

  const finish = (report: () => void) => {
    if (finished) return;
    finished = true;
    report();
  };

  const handleLine = (raw: string): LineOutcome => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '' || line.startsWith(':') || !line.startsWith('data:')) return 'more';
    const data = line.slice(5).trim();
    if (data === '[DONE]') {
      finish(handlers.onDone);
      return 'finished';
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return 'incomplete';
    }
    const body = parsed as { error?: unknown; choices?: Array<{ delta?: { content?: unknown } }> };
    if (typeof body.error === 'string') {
      finish(() => handlers.onError(body.error as string));
      return 'finished';
    }
    const content = body.choices?.[0]?.delta?.content;
    if (typeof content === 'string' && content !== '') handlers.onDelta(content);
    return 'more';
  };

  const drain = () => {
    let newline: number;
    while (!finished && (newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (handleLine(line) === 'incomplete') {
        // A JSON line that does not parse yet is kept until more of it arrives.
        buffer = `${line}\n${buffer}`;
        break;
      }
    }
  };

  return {
    push(chunk) {
      if (finished) return;
      buffer += chunk;
      drain();
    },
    end() {
      if (finished) return;
      for (const line of buffer.split('\n')) {
        if (finished || handleLine(line) === 'finished') break;
      }
      buffer = '';
      finish(() => handlers.onError(CHAT_MESSAGES.interrupted));
    },
  };
}
