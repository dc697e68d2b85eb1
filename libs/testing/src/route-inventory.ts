import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One route a Nest controller declares, with the access decorators on its handler. */
export interface DeclaredRoute {
  app: string; method: string; path: string; file: string;
  /** The text of its `@Roles(...)` arguments, if any. */
  roles?: string;
  public: boolean; internal: boolean; bootstrap: boolean;
}

const ROUTE = /^@(Get|Post|Put|Delete|Patch|All)\((?:'([^']*)')?\)/;
const CONTROLLER = /@Controller\((?:'([^']*)')?\)/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? files(path) : e.name.endsWith('.controller.ts') ? [path] : [];
  });
}

/**
 * Every route the apps' controllers declare, read from their source (decorators with literal
 * paths, the house style): `METHOD /controller-prefix/route-path`, `:param` segments kept.
 * The security matrices check it against their case tables, so a new route fails them until it is classified.
 */
export function declaredRoutes(root: string): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  for (const app of readdirSync(join(root, 'apps'))) {
    let found: string[];
    try { found = files(join(root, 'apps', app, 'src')); } catch { continue; }
    for (const file of found) {
      const lines = readFileSync(file, 'utf8').split('\n').map((l) => l.trim());
      let prefix = '';
      let block: string[] = [];
      for (const line of lines) {
        const controller = CONTROLLER.exec(line);
        if (controller) { prefix = controller[1] ?? ''; block = []; continue; }
        if (line.startsWith('@')) { block.push(line); continue; }
        const route = block.map((l) => ROUTE.exec(l)).find((m) => m);
        if (route) {
          const roles = block.find((l) => l.startsWith('@Roles('));
          routes.push({
            app, method: route[1].toUpperCase(), path: `/${[prefix, route[2] ?? ''].filter(Boolean).join('/')}`, file: relative(root, file),
            ...(roles ? { roles: roles.slice('@Roles('.length, roles.lastIndexOf(')')) } : {}),
            public: block.includes('@Public()'), internal: block.includes('@InternalOnly()'), bootstrap: block.includes('@BootstrapAccess()'),
          });
        }
        block = [];
      }
    }
  }
  return routes;
}
