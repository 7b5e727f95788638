/**
 * The dashboard's import boundaries, read from the source: screens and the shell reach data only
 * through src/dashboard/data, shared components through src/ui, never the PocketBase client or
 * the public islands; a screen never reaches into another screen's folder; the shell reaches a
 * screen only through its routes table.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');
const DASHBOARD = join(SRC, 'dashboard');
const SCREENS = join(DASHBOARD, 'screens');
const SHELL = join(DASHBOARD, 'shell');
const ROUTES_TABLE = join(SHELL, 'routes.ts');

interface Import {
  file: string;
  specifier: string;
  /** The absolute path for a relative import, or null for a package. */
  target: string | null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

function importsOf(file: string): Import[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.map(({ fileName }) => ({
    file,
    specifier: fileName,
    target: fileName.startsWith('.') ? resolve(dirname(file), fileName) : null,
  }));
}

const inside = (path: string, dir: string) => path === dir || path.startsWith(dir + sep);
const show = (i: Import) => `${relative(ROOT, i.file)} imports '${i.specifier}'`;
const isPocketBase = (i: Import) =>
  i.specifier === 'pocketbase' || i.specifier.startsWith('pocketbase/') || (i.target !== null && i.target === join(SRC, 'client/pb'));

/** Where a file under screens/ or shell/ may import from, besides packages other than pocketbase. */
function allowedFolders(file: string): string[] {
  const common = [join(DASHBOARD, 'data'), join(SRC, 'ui'), join(SRC, 'lib')];
  if (inside(file, SHELL)) return [SHELL, ...common];
  const screen = relative(SCREENS, file).split(sep)[0]!;
  return [join(SCREENS, screen), ...common];
}

/** Every import that breaks a rule, as 'file imports x: why'. */
function violations(imports: Import[]): string[] {
  const found: string[] = [];
  for (const i of imports) {
    if (isPocketBase(i)) found.push(`${show(i)}: the PocketBase client is reached through src/dashboard/data only`);
    else if (i.target && inside(i.target, join(SRC, 'islands'))) found.push(`${show(i)}: shared components live in src/ui`);
    else if (i.target && inside(i.file, SCREENS) && inside(i.target, SCREENS) && !inside(i.target, allowedFolders(i.file)[0]!))
      found.push(`${show(i)}: a screen imports only its own folder`);
    else if (i.target && inside(i.target, SCREENS) && inside(i.file, SHELL) && i.file !== ROUTES_TABLE)
      found.push(`${show(i)}: the shell reaches screens through its routes table only`);
    else if (i.target && !inside(i.target, SCREENS) && !allowedFolders(i.file).some((dir) => inside(i.target!, dir)))
      found.push(
        `${show(i)}: allowed are ${allowedFolders(i.file)
          .map((d) => relative(ROOT, d))
          .join(', ')}`,
      );
  }
  return found;
}

const dashboardImports = () => [...sourceFiles(SCREENS), ...sourceFiles(SHELL)].flatMap(importsOf);

describe('dashboard import boundaries', () => {
  it('screens and the shell import only their own folder, data/, src/ui and src/lib', () => {
    expect(violations(dashboardImports())).toEqual([]);
  });

  it('sees the imports it checks (a broken reader would pass every rule)', () => {
    const screen = join(SCREENS, 'overview/WebsiteScanCard.tsx');
    const specifiers = importsOf(screen).map((i) => i.specifier);
    expect(specifiers).toContain('../../data/scans');
    const routes = importsOf(ROUTES_TABLE).filter((i) => i.target && inside(i.target, SCREENS));
    expect(routes.length).toBeGreaterThanOrEqual(17);
  });

  it('names the file and the import that break a rule', () => {
    const screen = join(SCREENS, 'team/Example.tsx');
    const shell = join(SHELL, 'Example.tsx');
    const rel = (file: string, target: string): Import => ({ file, specifier: relative(dirname(file), target), target });
    const found = violations([
      { file: screen, specifier: 'pocketbase', target: null },
      rel(screen, join(SRC, 'client/pb')),
      rel(screen, join(SRC, 'islands/Toaster')),
      rel(screen, join(SCREENS, 'safety/format')),
      rel(screen, join(SRC, 'client/session')),
      rel(shell, join(SCREENS, 'team/TeamScreen')),
      rel(screen, join(SCREENS, 'team/InviteForm')),
      rel(screen, join(DASHBOARD, 'data/members')),
      rel(shell, join(SRC, 'ui/Button')),
      { file: screen, specifier: 'react', target: null },
    ]);
    expect(found).toEqual([
      "src/dashboard/screens/team/Example.tsx imports 'pocketbase': the PocketBase client is reached through src/dashboard/data only",
      "src/dashboard/screens/team/Example.tsx imports '../../../client/pb': the PocketBase client is reached through src/dashboard/data only",
      "src/dashboard/screens/team/Example.tsx imports '../../../islands/Toaster': shared components live in src/ui",
      "src/dashboard/screens/team/Example.tsx imports '../safety/format': a screen imports only its own folder",
      "src/dashboard/screens/team/Example.tsx imports '../../../client/session': allowed are src/dashboard/screens/team, src/dashboard/data, src/ui, src/lib",
      "src/dashboard/shell/Example.tsx imports '../screens/team/TeamScreen': the shell reaches screens through its routes table only",
    ]);
  });
});
