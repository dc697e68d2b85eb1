import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { BrowserPage, OpenBrowser } from './browser';
import { admin } from './gateway-client';
import { testStack } from './stack-env';

const ROOT = join(__dirname, '..', '..', '..');
/** The console's ZIP, built by `tools/berth build` (tools/console/build.js). */
const CONSOLE_ZIP = join(ROOT, 'dist', 'apps', 'console', 'administration.zip');
/** Installing is kept once, in tools/console/install.js: the way `npm start` installs the console. */
const { installConsole } = createRequire(__filename)(join(ROOT, 'tools', 'console', 'install.js')) as {
  installConsole(url: string, user: string, password: string, zipPath: string): Promise<string>;
};

/** The console's address on the test stack. */
export const consoleUrl = () => `${testStack.gatewayUrl}/apps/administration/`;

/**
 * A new page showing the console's login page: the context's cookies are cleared first, so that a
 * session cookie left by an earlier test is not resumed instead.
 */
export async function openConsole(browser: { readonly current: OpenBrowser }): Promise<BrowserPage> {
  await browser.current.context.clearCookies();
  const opened = await browser.current.open(consoleUrl());
  await opened.page.getByRole('button', { name: 'Sign in' }).waitFor();
  return opened;
}

/** Installs the built console on the test stack as `npm start` does (idempotent); answers its version. */
export async function installTestConsole(): Promise<string> {
  if (!existsSync(CONSOLE_ZIP)) throw new Error(`${CONSOLE_ZIP} is missing: run tools/berth build`);
  const [user, password] = admin();
  return installConsole(testStack.gatewayUrl, user, password, CONSOLE_ZIP);
}

export interface ConsoleLogin { tenant: string; user: string; password: string; method?: 'Session cookie (OAuth)' | 'Basic authentication' }

/** Fills in and sends the console's login form on `page` (already showing it), then waits for the console's navigation; a refusal fails with its message. */
export async function signIn(page: Page, login: ConsoleLogin): Promise<void> {
  await submitLogin(page, login);
  const navigation = page.getByRole('navigation', { name: 'Sections' });
  const refusal = page.getByRole('alert');
  await navigation.or(refusal).first().waitFor();
  if (await refusal.isVisible()) throw new Error(`the console refused ${login.tenant}/${login.user}: ${await refusal.textContent()}`);
}

/** Fills in and sends the console's login form on `page`, without waiting for the outcome. */
export async function submitLogin(page: Page, login: ConsoleLogin): Promise<void> {
  await page.getByLabel('Tenant').fill(login.tenant);
  await page.getByLabel('Username').fill(login.user);
  await page.getByLabel('Password').fill(login.password);
  if (login.method) await page.getByLabel('Sign-in method').selectOption({ label: login.method });
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The management tenant's admin, as `signIn` takes it. */
export const managementLogin = (method?: ConsoleLogin['method']): ConsoleLogin => {
  const [user, password] = admin();
  const [tenant, name] = user.split('/');
  return { tenant, user: name, password, method };
};
