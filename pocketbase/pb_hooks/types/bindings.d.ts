// Our Go bindings in the hooks' runtime (set in pocketbase/main.go, jsvm.Config.OnInit), typed by
// hand: PocketBase's generated types.d.ts only knows its own. Keep in step with the Go side.

/** Why a guarded fetch failed (pocketbase/safefetch/errors.go). */
type SafeFetchCode =
  | 'invalid_url'
  | 'port_refused'
  | 'refused_address'
  | 'unreachable'
  | 'timeout'
  | 'too_many_redirects'
  | 'http_status'
  | 'not_html'
  | 'too_large';

interface SafeFetchFailure {
  ok: false;
  code: SafeFetchCode;
  message: string;
}

/** The website scan's guarded fetcher (pocketbase/safefetch/jsvm.go). */
declare const $safefetch: {
  normalize(url: string): { ok: true; url: string } | SafeFetchFailure;
  /** page is the parsed page summary as JSON (pocketbase/htmlpage). */
  page(
    url: string,
  ):
    | { ok: true; url: string; status: number; contentType: string; bytes: number; elapsedMs: number; page: string; rendered: boolean }
    | SafeFetchFailure;
  /** A scanned inner page's site home, as page within a smaller budget (3 s, 1 MB), never rendered. */
  homePage(
    url: string,
  ):
    | { ok: true; url: string; status: number; contentType: string; bytes: number; elapsedMs: number; page: string; rendered: boolean }
    | SafeFetchFailure;
  /** Transfer size per URL; -1 when unknown. */
  assetSizes(urls: string[]): { [url: string]: number };
};

/** How one relayed model answer ended (pocketbase/ai/jsvm.go). */
interface AiStreamResult {
  /** 200 once the stream started; otherwise the status to answer with `error`. */
  status: number;
  error: string;
  /** Something reached the browser: the response is the stream, write nothing else. */
  started: boolean;
  completed: boolean;
  tokens: number;
  attempts: number;
}

/** The language model behind the AI chat (pocketbase/ai). The key never reaches the hooks. */
declare const $ai: {
  /** Whether a model key is configured; without one the built-in analyst answers. */
  configured(): boolean;
  model(): string;
  /** Relays the model's answer to the request's response as the chat stream. */
  streamChat(e: core.RequestEvent, messages: Array<{ role: string; content: string }>): AiStreamResult;
  /** Streams ready text in the same format (the built-in analyst); false when the browser left. */
  streamText(e: core.RequestEvent, pieces: string[]): boolean;
  /** One answer shaped by a JSON schema, not streamed; content is unvalidated JSON text when ok. */
  completeJSON(
    messages: Array<{ role: string; content: string }>,
    name: string,
    schema: object,
  ): { ok: boolean; content: string; status: number; error: string; tokens: number };
};

/** Uploaded documents (pocketbase/docs/jsvm.go). */
declare const $docs: {
  /**
   * A stored document's text and language, or the reason it cannot be read (error, shown to the user);
   * busy: no reader was free, the document is not at fault.
   */
  read(app: core.App, record: core.Record): { ok: boolean; format: string; text: string; language: string; error: string; busy: boolean };
};

/** Running A/B tests and their results for the AI grounding (pocketbase/experiments/grounding.go). */
declare const $experiments: {
  running(siteId: string): import('../lib/generated/domain').GroundingExperimentSource[];
};

/** The site's funnels with their steps' visitors over its last `days` days, as the Funnels screen counts them (pocketbase/funnels/site.go). */
declare const $funnels: {
  site(siteId: string, days: number): import('../lib/generated/domain').GroundingFunnelSource[];
};

/** Mail sent after the response, so SMTP never holds a request (pocketbase/mailqueue). */
declare const $mailqueue: {
  /** false when the message is null or the queue is full (the mail is dropped and logged). */
  send(message: mailer.Message | null, label?: string): boolean;
  /** Queues PocketBase's own verification mail for an auth record. */
  sendVerification(record: core.Record): boolean;
};

/**
 * require() of our own hook modules, typed per file: goja resolves `${__hooks}/lib/<file>` at run
 * time, and HookModules (lib/generated/modules.d.ts, written by scripts/build-hooks-lib.mjs) maps
 * every file under lib/ to its exports. Write the path as a template literal, not a `+` concatenation,
 * so that its type keeps the file name.
 */
declare function require<K extends keyof HookModules>(path: `${string}/lib/${K}`): HookModules[K];

/** goja's console (PocketBase routes it to the app logger); declared here since no DOM lib is loaded. */
declare const console: {
  log(...data: unknown[]): void;
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
  debug(...data: unknown[]): void;
};

/** Integration credentials sealed at rest with AES-GCM (pocketbase/integrations/register.go). */
declare const $integrations: {
  /** The stored form of a credentials object: `{sealed: "v1:..."}`. */
  seal(values: { [key: string]: string }): { sealed: string };
  /** The record's credentials, opened (an empty object when none are stored). */
  open(record: core.Record): { [key: string]: string };
};

/** A domain's registrable domain: the zone a site proves control of (pocketbase/domainzone). */
declare const $domainzone: {
  /** www.shop.co.uk -> shop.co.uk; the name itself when it has no public suffix. */
  of(domain: string): string;
};

/** On-page surveys (pocketbase/surveys). */
declare const $surveys: {
  /** The session the collect endpoint gives this request on a consent-free site; "" when it cannot be computed. */
  consentFreeSession(siteId: string, ip: string, userAgent: string): string;
  /** Whether a survey answer may come from that origin: the site's domain, its staging host or an origin the install allows. */
  originAllowed(origin: string, domain: string, staging: string): boolean;
};
