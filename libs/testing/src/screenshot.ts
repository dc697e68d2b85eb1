import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { localDir, safeFileName } from './local-dir';

/** Saves the whole page (not just the viewport) as `.local/screenshots/<name>.png` and answers that path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const path = join(localDir('screenshots'), safeFileName(name, 'png'));
  await page.screenshot({ path, fullPage: true });
  return path;
}
