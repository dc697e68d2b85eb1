import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { localDir, safeFileName } from './local-dir';

/** An accessibility rule a page breaks, as a spec reports it. */
export interface AccessibilityViolation {
  id: string;
  impact: string;
  help: string;
  /** CSS selectors of the first few offending elements. */
  targets: string[];
}

/** The parts of an axe-core violation the summary reads. */
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

const BLOCKING = new Set(['serious', 'critical']);
const TARGETS_SHOWN = 3;

/** The `serious` and `critical` violations, each with its first few target selectors; lesser ones are left out. */
export function blockingViolations(violations: readonly AxeViolation[]): AccessibilityViolation[] {
  return violations.filter((v) => BLOCKING.has(v.impact ?? '')).map((v) => ({
    id: v.id,
    impact: v.impact!,
    help: v.help,
    targets: v.nodes.slice(0, TARGETS_SHOWN).map((n) => n.target.map(String).join(' ')),
  }));
}

let axeSource: string | undefined;

/**
 * Runs axe-core over the page as it is now and answers its serious and critical violations; the full
 * report (every impact) goes to `.local/accessibility/<name>.json`.
 * axe's source goes in through `page.evaluate`, which the DevTools protocol runs outside the page's
 * CSP: the pages' `script-src 'self'` refuses an inline `<script>` (what `addScriptTag({ content })`
 * adds), and the context's `bypassCSP` would switch off the very policy the harness watches.
 */
export async function checkAccessibility(page: Page, name: string): Promise<AccessibilityViolation[]> {
  const file = join(localDir('accessibility'), safeFileName(name, 'json'));
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeSource);
  const violations = await page.evaluate<AxeViolation[]>("axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)");
  writeFileSync(file, JSON.stringify(violations, null, 2));
  return blockingViolations(violations);
}
