/**
 * A real SMTP listener on loopback (smtp-server) that keeps every message it receives, for tests
 * of the mails the server sends. Messages are parsed just enough to assert on: envelope, headers
 * and the decoded text of each part. Optionally each message is also written to a directory.
 */
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { writeFinishedJson } from './finished-files';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  headers: Record<string, string>;
  /** Decoded bodies of every text/plain and text/html part, joined. */
  text: string;
  html: string;
  /** Every attached file, its bytes base64-encoded (JSON-safe for the e2e mail directory). */
  attachments: MailAttachment[];
  raw: string;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

export interface SmtpListener {
  host: string;
  port: number;
  mails: ReceivedMail[];
  /** Waits for a mail matching `match` (default: any) up to `timeoutMs`. */
  waitFor(match?: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** The env for the product server (SMTP_HOST, SMTP_PORT, SMTP_TLS). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export interface SmtpOptions {
  saveDir?: string;
  /** Refuses a message (a 451 answer to its data) when this says so; refused mails are not kept. */
  reject?: (mail: ReceivedMail) => boolean;
  /**
   * Keeps a message unanswered (a slow server) until the promise this returns settles; a message
   * whose sender hung up meanwhile was never accepted, as SMTP has it, and is not kept.
   */
  hold?: (mail: ReceivedMail) => Promise<void> | undefined;
}

export async function startSmtp(options: SmtpOptions = {}): Promise<SmtpListener> {
  const mails: ReceivedMail[] = [];
  let counter = 0;
  if (options.saveDir) mkdirSync(options.saveDir, { recursive: true });
  const closed = new Set<string>();
  const server = new SMTPServer({
    onClose(session) {
      closed.add(session.id);
    },
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = parseMail(
          raw,
          session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          session.envelope.rcptTo.map((r) => r.address),
        );
        if (options.reject?.(mail)) {
          const refused = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
          callback(refused);
          return;
        }
        const held = options.hold?.(mail);
        if (held) {
          await held;
          if (closed.has(session.id)) return;
        }
        mails.push(mail);
        if (options.saveDir) writeFinishedJson(options.saveDir, `${Date.now()}-${++counter}`, mail);
        callback();
      });
    },
  });
  await new Promise<void>((res, rej) => {
    server.once('error', rej);
    // Port 0: the socket takes a free port as it binds (one chosen free beforehand can be taken first).
    server.listen(0, '127.0.0.1', () => res());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    host: '127.0.0.1',
    port,
    mails,
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_TLS: 'false' },
    async waitFor(match = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = mails.find(match);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no matching mail in ${timeoutMs} ms; received: ${JSON.stringify(mails.map((m) => [m.to, m.subject]))}`);
    },
    stop: () => new Promise<void>((res) => server.close(() => res())),
  };
}

/** Splits headers from body, unfolds headers, walks multipart bodies and decodes each part. */
export function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const { headers, body } = splitHeaders(raw);
  const parts: { type: string; text: string }[] = [];
  const attachments: MailAttachment[] = [];
  walk(headers, body, parts, attachments);
  return {
    from,
    to,
    subject: decodeWords(headers['subject'] ?? ''),
    headers,
    text: parts
      .filter((p) => p.type === 'text/plain')
      .map((p) => p.text)
      .join('\n'),
    html: parts
      .filter((p) => p.type === 'text/html')
      .map((p) => p.text)
      .join('\n'),
    attachments,
    raw,
  };
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end >= 0 ? normalized.slice(0, end) : normalized;
  const body = end >= 0 ? normalized.slice(end + 2) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function walk(headers: Record<string, string>, body: string, out: { type: string; text: string }[], files: MailAttachment[]): void {
  const contentType = headers['content-type'] ?? 'text/plain';
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return;
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitHeaders(chunk.replace(/^\n/, ''));
      walk(part.headers, part.body, out, files);
    }
    return;
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  const filename = /filename\*?="?([^";]+)"?/i.exec(headers['content-disposition'] ?? '')?.[1];
  if (filename) {
    const bytes = encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body, 'latin1');
    files.push({ filename: decodeWords(filename), contentType: type, base64: bytes.toString('base64') });
    return;
  }
  let text = body;
  if (encoding === 'base64') text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  else if (encoding === 'quoted-printable') text = decodeQuotedPrintable(body);
  out.push({ type, text });
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft.charAt(i), 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?B?...?= / =?UTF-8?Q?...?=) in headers. */
function decodeWords(s: string): string {
  return s.replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=\s*/gi, (_m, _charset, enc: string, text: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}
