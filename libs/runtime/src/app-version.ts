import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The version in the repository's root package.json, found by walking up from this file. */
export function appVersion(): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === 'berth') return pkg.version ?? '0.0.0';
  }
  return '0.0.0';
}
