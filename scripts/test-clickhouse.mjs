// `npm run test:clickhouse [-- vitest args]`: the integration suite with the event store on a
// local ClickHouse (CRO_EVENTS_URL), started for the run and removed after it. Tests that read
// SQLite's event tables themselves (through the superusers' API) do not apply to it.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { startClickHouse } from '../tests/helpers/clickhouse.ts';

const root = resolve(import.meta.dirname, '..');
const ch = await startClickHouse();
const code = await new Promise((done) => {
  const args = ['vitest', 'run', '--project', 'integration', ...process.argv.slice(2)];
  const child = spawn('npx', args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CRO_EVENTS_URL: `${ch.url}?database=integration` },
  });
  child.on('exit', (c) => done(c ?? 1));
});
await ch.stop();
process.exit(code);
