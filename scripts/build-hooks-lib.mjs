// Compiles the shared domain code (src/lib) into one CommonJS file that PocketBase's JS hooks
// require(): the same rules run in the browser, in the hooks and in the tests.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/lib/index.ts'],
  outfile: 'pocketbase/pb_hooks/lib/generated/domain.js',
  bundle: true,
  format: 'cjs',
  platform: 'neutral',
  target: 'es2017',
  logLevel: 'warning',
});
