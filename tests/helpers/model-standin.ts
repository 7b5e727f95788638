/**
 * A local stand-in for an OpenAI-compatible model (POST /chat/completions, streamed). What it does
 * is scripted by a word in the last user message, so tests drive every behaviour through the UI:
 *
 *   "rate limit" -> 429        "payment" -> 402              "refuse" -> 400 with an upstream message
 *   "cut"        -> two pieces, then the connection drops     "slow"   -> first token after slowMs
 *   "flaky"      -> 503 on the first try of each question, then an answer
 *   "stall"      -> headers, then nothing (the proxy's first-token timeout)
 *   anything else -> an answer quoting the question and the grounding's figures line, written in
 *                    7-byte chunks (lines split mid-way) with keep-alive comments between them.
 *
 * A request with response_format json_schema gets one JSON answer, not a stream, shaped by the
 * schema's name ('insight_cards', 'document_analysis'); `structured` decides whether that answer
 * is valid, breaks the schema ('invalid'), is not JSON at all ('not-json') or fits the schema with
 * markup in its text ('markup': `<img src=x onerror=alert(1)>` in an insight card).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const STANDIN_KEY = 'sk-standin-secret-key';

export interface ModelRequest {
  authorization: string;
  body: {
    model: string;
    stream: boolean;
    messages: Array<{ role: string; content: string }>;
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
  };
}

export type StructuredMode = 'valid' | 'invalid' | 'not-json' | 'markup';

export interface ModelStandIn {
  url: string;
  env: Record<string, string>;
  requests: ModelRequest[];
  /** How JSON-schema requests are answered (default 'valid'); tests change it between requests. */
  structured: StructuredMode;
  stop(): Promise<void>;
}

/** The document text between the '---' lines of a document-analysis request. */
function documentText(question: string): string {
  return question.split('\n---\n')[1] ?? '';
}

/** A valid answer for each schema the server asks with. */
function structuredAnswer(name: string, question: string, system: string): unknown {
  if (name === 'insight_cards') {
    return {
      insights: [
        {
          title: 'Stand-in model: shorten the checkout',
          description: `Grounded in ${figuresLine(system)}`,
          impact: 'high',
          confidence: 82,
          expectedLift: '5-12%',
          category: 'checkout',
        },
        {
          title: 'Stand-in model: add reviews near the buy button',
          description: 'Visitors hesitate on the product pages.',
          impact: 'medium',
          confidence: 71,
          expectedLift: '2-6%',
          category: 'trust',
        },
      ],
    };
  }
  const firstLine =
    documentText(question)
      .split('\n')
      .find((l) => l.trim()) ?? '';
  return {
    summary: `Stand-in model summary of: ${firstLine}`,
    keyInsights: [firstLine || 'No text'],
    recommendations: ['Show the shipping costs on the product page.'],
    opportunityScore: 7.5,
  };
}

const BROKEN: Record<string, unknown> = {
  insight_cards: { insights: [{ title: 'Half a card', impact: 'enormous', confidence: 140 }] },
  document_analysis: { summary: '', keyInsights: 'not a list', opportunityScore: 42 },
};

/** A valid answer whose first insight card carries an image with an error handler in its text. */
function withMarkup(answer: unknown): unknown {
  const cards = (answer as { insights?: { description: string }[] }).insights;
  if (cards?.[0]) cards[0].description += ' <img src=x onerror=alert(1)>';
  return answer;
}

const piece = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function writeChunked(res: ServerResponse, text: string, size = 7) {
  for (let i = 0; i < text.length; i += size) {
    res.write(text.slice(i, i + size));
    await sleep(2);
  }
}

/** The figures line of the grounding (the system message), so answers show what the model was told. */
function figuresLine(system: string): string {
  return system.split('\n').find((l) => l.startsWith('Visitors ')) ?? 'no figures';
}

export async function startModelStandIn(options: { slowMs?: number } = {}): Promise<ModelStandIn> {
  const requests: ModelRequest[] = [];
  // Filled once the server listens; the request handler reads `structured` from it.
  const standin = { structured: 'valid' } as ModelStandIn;
  const flakySeen = new Set<string>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      void (async () => {
        if (req.method !== 'POST' || req.url !== '/chat/completions') return res.writeHead(404).end();
        if (req.headers.authorization !== `Bearer ${STANDIN_KEY}`) return res.writeHead(401).end('{"error":{"message":"bad key"}}');
        const body = JSON.parse(raw) as ModelRequest['body'];
        requests.push({ authorization: req.headers.authorization, body });
        const question = [...body.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
        const system = body.messages.find((m) => m.role === 'system')?.content ?? '';
        const q = question.toLowerCase();
        const schema = body.response_format?.type === 'json_schema' ? (body.response_format.json_schema?.name ?? '') : null;
        if (schema !== null) {
          const content =
            standin.structured === 'not-json'
              ? 'Sure! Here are your insights: {'
              : JSON.stringify(
                  standin.structured === 'invalid'
                    ? (BROKEN[schema] ?? {})
                    : standin.structured === 'markup'
                      ? withMarkup(structuredAnswer(schema, question, system))
                      : structuredAnswer(schema, question, system),
                );
          const answer = { choices: [{ index: 0, message: { role: 'assistant', content } }], usage: { total_tokens: 123 } };
          return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
        }
        if (q.includes('rate limit'))
          return res.writeHead(429, { 'content-type': 'application/json' }).end('{"error":{"message":"quota"}}');
        if (q.includes('payment'))
          return res.writeHead(402, { 'content-type': 'application/json' }).end('{"error":{"message":"no credits"}}');
        if (q.includes('refuse')) return res.writeHead(400).end(`{"error":{"message":"API key ${STANDIN_KEY} is not valid"}}`);
        if (q.includes('flaky') && !flakySeen.has(question)) {
          flakySeen.add(question);
          return res.writeHead(503).end();
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.flushHeaders();
        if (q.includes('stall')) return; // never answers; the proxy gives up and closes
        if (q.includes('slow')) await sleep(options.slowMs ?? 1500);
        if (q.includes('cut')) {
          await writeChunked(res, piece('This answer will ') + piece('break off'));
          await sleep(50);
          return res.destroy();
        }
        const answer = `Stand-in model answer to "${question}". Grounding: ${figuresLine(system)}`;
        const words = answer.match(/\S+\s*/g) ?? [];
        let stream = ': keep-alive\n\n';
        for (let i = 0; i < words.length; i += 3) stream += piece(words.slice(i, i + 3).join('')) + (i % 9 === 0 ? ': ping\n\n' : '');
        stream += `data: ${JSON.stringify({ choices: [], usage: { total_tokens: 321 } })}\n\ndata: [DONE]\n\n`;
        await writeChunked(res, stream);
        res.end();
      })();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Object.assign(standin, {
    url,
    env: { AI_BASE_URL: url, AI_API_KEY: STANDIN_KEY, AI_MODEL: 'standin-model', AI_FIRST_TOKEN_TIMEOUT_MS: '3000', AI_RETRIES: '1' },
    requests,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  });
  return standin;
}
