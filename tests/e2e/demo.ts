// The demo seed (scripts/demo.mjs) for one test: its own account and domain, so that tests running
// side by side never share a site (one changing its plan while another reads it) or race to
// create the same records.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BASE } from './dashboard/helpers';

const run = promisify(execFile);
export const DEMO_PASSWORD = 'trail-Runner-4821';

export async function seedDemo(days: number): Promise<{ email: string; password: string; domain: string }> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const email = `demo-${tag}@cro.local`;
  const domain = `demo-${tag}.example.com`;
  await run('node', ['scripts/demo.mjs'], {
    env: { ...process.env, DEMO_URL: BASE, DEMO_DAYS: String(days), DEMO_EMAIL: email, DEMO_DOMAIN: domain },
  });
  return { email, password: DEMO_PASSWORD, domain };
}
