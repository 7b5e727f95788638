// Creates a local superuser for the admin UI once, with a random password written beside the
// data dir, so that `npm start` needs no account or key.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';

const [server, dataDir] = process.argv.slice(2);
const file = join(dirname(dataDir), 'superuser.txt');
let email = 'admin@localhost.test';
let password;
if (existsSync(file)) {
  const text = readFileSync(file, 'utf8');
  email = /email: (.+)/.exec(text)?.[1] ?? email;
  password = /password: (.+)/.exec(text)?.[1];
}
if (!password) {
  password = randomBytes(12).toString('base64url');
  writeFileSync(file, `email: ${email}\npassword: ${password}\n`, { mode: 0o600 });
}
execFileSync(server, ['superuser', 'upsert', email, password, `--dir=${dataDir}`], { stdio: 'ignore' });
