import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A folder under the git-ignored `.local` folder (BERTH_LOCAL, which tools/lib/common.sh sets;
 * else the repository's own `.local`), created when missing.
 */
export function localDir(...parts: string[]): string {
  const dir = join(process.env.BERTH_LOCAL || join(__dirname, '..', '..', '..', '.local'), ...parts);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A file name made of `name`, refusing names that would leave the folder or need quoting. */
export function safeFileName(name: string, extension: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) throw new Error(`"${name}" is not a plain file name (letters, digits, . _ -)`);
  return `${name}.${extension}`;
}
