// Imports a TypeScript module (and what it imports) from a Node script: esbuild bundles it to
// outfile, since the scripts run on plain Node. The bundle lives elsewhere (a temporary folder),
// so the module's `import.meta.dirname` is kept as dirname: the helpers find their fixtures and
// .bin from their own folder.
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export async function importBundled(entry, outfile, dirname) {
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'error',
    define: { 'import.meta.dirname': JSON.stringify(dirname) },
  });
  return import(pathToFileURL(outfile).href);
}
