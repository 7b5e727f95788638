// The demo seed (scripts/demo.mjs) for one test: its own account and domain, so that tests running
// side by side never share a site (one changing its plan while another reads it) or race to
// create the same records. By default the account, site, goals and traffic alone; `full` runs the
// whole loop (the Enterprise plan set by the superuser, rule, A/B test, recordings, report...);
// `domain` demo-shop.localhost puts it on the demo shop the e2e server serves (one test only).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { SUPERUSER } from '../helpers/pocketbase';
import { BASE } from './dashboard/helpers';

const run = promisify(execFile);
export const DEMO_PASSWORD = 'trail-Runner-4821';

export async function seedDemo(
  days: number,
  options: { full?: boolean; domain?: string } = {},
): Promise<{ email: string; password: string; domain: string; output: string }> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const email = `demo-${tag}@cro.local`;
  const domain = options.domain ?? `demo-${tag}.example.com`;
  const { stdout } = await run('node', ['scripts/demo.mjs'], {
    env: {
      ...process.env,
      DEMO_URL: BASE,
      DEMO_DAYS: String(days),
      DEMO_EMAIL: email,
      DEMO_DOMAIN: domain,
      ...(options.full
        ? { DEMO_SUPERUSER_EMAIL: SUPERUSER.email, DEMO_SUPERUSER_PASSWORD: SUPERUSER.password }
        : { DEMO_TRAFFIC_ONLY: '1' }),
    },
  });
  return { email, password: DEMO_PASSWORD, domain, output: stdout };
}
