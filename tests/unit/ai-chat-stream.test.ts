import { describe, expect, it } from 'vitest';
import { chatStartError, CHAT_MESSAGES } from '../../src/lib/ai/chat-messages';
import { createChatStreamParser } from '../../src/lib/ai/chat-stream';

const line = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;

function read(chunks: string[], end = true) {
  const out = { deltas: [] as string[], done: 0, errors: [] as string[] };
  const parser = createChatStreamParser({
    onDelta: (t) => out.deltas.push(t),
    onDone: () => out.done++,
    onError: (m) => out.errors.push(m),
  });
  for (const c of chunks) parser.push(c);
  if (end) parser.end();
  return out;
}

/** Every way of cutting the body in two, and in pieces of each size from 1 to 9 characters. */
function splits(body: string): string[][] {
  const all: string[][] = [];
  for (let i = 1; i < body.length; i++) all.push([body.slice(0, i), body.slice(i)]);
  for (let size = 1; size < 10; size++) all.push(body.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!);
  return all;
}

describe('the chat stream parser', () => {
  const body = `: keep-alive\n\n${line('Hello')}\r\n${line(', wörld')}data: {"choices":[]}\n\n${line(' {"json": "inside"}')}data: [DONE]\n\n`;

  it('reads the same deltas however the body is cut into chunks, mid-line included', () => {
    for (const chunks of splits(body)) {
      const out = read(chunks);
      expect(out.deltas.join(''), JSON.stringify(chunks)).toBe('Hello, wörld {"json": "inside"}');
      expect(out.done).toBe(1);
      expect(out.errors).toEqual([]);
    }
  });

  it('ignores comments, blank lines, other fields and everything after [DONE]', () => {
    const out = read([': ping\n', '\n', 'event: message\n', 'id: 4\n', line('a'), 'data: [DONE]\n\n', line('late')]);
    expect(out).toEqual({ deltas: ['a'], done: 1, errors: [] });
  });

  it('reports an error line from the server and stops', () => {
    const out = read([line('Half'), 'data: {"error":"The AI response was interrupted. Please try again."}\n\n', line('more')]);
    expect(out).toEqual({ deltas: ['Half'], done: 0, errors: ['The AI response was interrupted. Please try again.'] });
  });

  it('treats a body that ends without [DONE] as interrupted, after reading a last unterminated line', () => {
    expect(read([line('a'), 'data: {"choices":[{"delta":{"content":"b"}}]}'])).toEqual({
      deltas: ['a', 'b'],
      done: 0,
      errors: [CHAT_MESSAGES.interrupted],
    });
    expect(read([line('a'), 'data: [DONE]'])).toEqual({ deltas: ['a'], done: 1, errors: [] });
  });

  it('waits for the rest of a JSON line that arrives without its end', () => {
    const out = read(['data: {"choices":[{"delta":{"con', 'tent":"x"}}]}\n', '\ndata: [DONE]\n\n'], false);
    expect(out).toEqual({ deltas: ['x'], done: 1, errors: [] });
  });
});

describe('chat refusals', () => {
  it('maps statuses to the catalogue', () => {
    expect(chatStartError(429, { error: 'anything' })).toBe('Rate limit exceeded. Please try again in a moment.');
    expect(chatStartError(429, { code: 'ai_quota', error: 'Daily AI message limit reached.' })).toBe('Daily AI message limit reached.');
    expect(chatStartError(402, {})).toBe('Payment required. Please add credits to continue.');
    expect(chatStartError(500, { error: 'Upstream broke' })).toBe('Upstream broke');
    expect(chatStartError(403, { message: 'The AI chat requires a paid plan. Upgrade at /pricing.' })).toBe(
      'The AI chat requires a paid plan. Upgrade at /pricing.',
    );
    expect(chatStartError(500, null)).toBe('Failed to start AI chat');
    expect(chatStartError(502, 'not json')).toBe('Failed to start AI chat');
  });
});
