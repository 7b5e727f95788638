// Helpers shared by the bench parts: a real server from the test helper, percentiles, sites.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

/** Builds what the server needs (tracker, binary) like every other script. */
export function setup() {
  const r = spawnSync('bash', [resolve(ROOT, 'scripts/setup.sh')], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error('setup failed');
}

export async function startServer(env = {}) {
  const { startPocketBase } = await import('../../tests/helpers/pocketbase.ts');
  return startPocketBase({ env });
}

/** A user with one site; returns the owner's client and the site record. */
export async function siteFor(server, domain = 'bench.example.com') {
  const owner = await server.createUser();
  const site = await owner.client.collection('sites').create({ user_id: owner.record.id, domain });
  return { owner, site };
}

export function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const round = (v, d = 2) => Math.round(v * 10 ** d) / 10 ** d;
export const envNumber = (name, def) => (Number(process.env[name]) > 0 ? Number(process.env[name]) : def);
