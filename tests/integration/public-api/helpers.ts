/** Shared setup for the public API tests: sites, keys made through the Settings route, and calls to /v1. */
import type { TestServer, TestUser } from '../../helpers/pocketbase';

export interface CreatedKey {
  id: string;
  key: string;
  prefix: string;
  scope: string;
}

/** Creates a key as `user` through the same route as Settings -> API. */
export async function createKey(user: TestUser, siteId: string, scope: 'read' | 'write' = 'write', name = 'Backend'): Promise<CreatedKey> {
  return user.client.send(`/api/cro/sites/${siteId}/api-keys`, { method: 'POST', body: { name, scope } });
}

/** Calls the public API with a bearer key (or none) and returns the status and the parsed body. */
export async function call(
  server: TestServer,
  method: string,
  path: string,
  key: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const h: Record<string, string> = { ...headers };
  if (key) h.Authorization = `Bearer ${key}`;
  if (body !== undefined) h['Content-Type'] = 'application/json';
  const res = await fetch(`${server.url}${path}`, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: parseBody(text), headers: res.headers };
}

function parseBody(text: string): Record<string, unknown> {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { unparsed: text };
  }
}

/** The one error shape of the public API. */
export function expectErrorShape(body: Record<string, unknown>, status: number): void {
  if (body.status !== status || typeof body.code !== 'string' || typeof body.message !== 'string' || Object.keys(body).length !== 3) {
    throw new Error(`not the API's error shape for ${status}: ${JSON.stringify(body)}`);
  }
}
