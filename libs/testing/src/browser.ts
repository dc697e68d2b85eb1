import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ProblemLog } from './page-problems';

/** Debian's `chromium`, which `tools/berth test` installs (`ensure_chromium` in tools/lib/common.sh); never a downloaded browser. */
const CHROMIUM = '/usr/bin/chromium';

/** A page of the spec's browser and the problems recorded on it. */
export interface BrowserPage {
  readonly page: Page;
  readonly problems: ProblemLog;
}

/** A headless Chromium with one fresh context (its own cookies and storage); every page in it has a problem log. */
export interface OpenBrowser {
  readonly browser: Browser;
  readonly context: BrowserContext;
  /** A new page; with `url`, it answers once that page's load event fired. */
  open(url?: string): Promise<BrowserPage>;
  /** The problem log of a page of this context (a popup the app opened, too). */
  problemsOf(page: Page): ProblemLog;
  close(): Promise<void>;
}

/** Reports each `securitypolicyviolation` to the harness, from before the page's own scripts run. */
const CSP_BINDING = '__berthCspViolation';
const CSP_LISTENER = `document.addEventListener('securitypolicyviolation', (e) => window.${CSP_BINDING}({
  directive: e.effectiveDirective, blocked: e.blockedURI || 'inline', source: e.sourceFile ? e.sourceFile + ':' + e.lineNumber : e.documentURI }));`;

/** The browser's own line for a failed load; the `response` and `requestfailed` listeners record those with URL and status. */
const FAILED_LOAD = /^Failed to load resource:/;

/**
 * Launches headless Debian Chromium through playwright-core and opens one fresh context. Each page
 * records console errors, uncaught exceptions, HTTP error answers, failed requests and CSP violations.
 */
export async function openBrowser(): Promise<OpenBrowser> {
  // As root in a container Chromium's sandbox cannot start: the pages are the platform's own, under test.
  const browser = await chromium.launch({ executablePath: CHROMIUM, chromiumSandbox: false, args: ['--disable-gpu'] })
    .catch((err: Error) => { throw new Error(`cannot start ${CHROMIUM} (tools/berth test installs it): ${err.message}`); });
  try {
    const context = await browser.newContext();
    const logs = new WeakMap<Page, ProblemLog>();
    const problemsOf = (page: Page) => {
      let log = logs.get(page);
      if (!log) logs.set(page, (log = watch(page)));
      return log;
    };
    context.on('page', problemsOf);
    await context.exposeBinding(CSP_BINDING, ({ page }, v: { directive: string; blocked: string; source: string }) => {
      problemsOf(page).record({ kind: 'csp', ...v });
    });
    await context.addInitScript(CSP_LISTENER);
    return {
      browser,
      context,
      problemsOf,
      open: async (url?: string) => {
        const page = await context.newPage();
        const problems = problemsOf(page);
        if (url) await page.goto(url, { waitUntil: 'load' });
        return { page, problems };
      },
      close: () => browser.close(),
    };
  } catch (err) {
    await browser.close();
    throw err;
  }
}

/** The spec file's browser: launched in `beforeAll`, closed with all its pages in `afterAll`. */
export function useBrowser(): { readonly current: OpenBrowser; open(url?: string): Promise<BrowserPage> } {
  let opened: OpenBrowser | undefined;
  beforeAll(async () => { opened = await openBrowser(); });
  afterAll(async () => { await opened?.close(); });
  const current = () => {
    if (!opened) throw new Error('the browser is not open: use it inside the spec\'s tests');
    return opened;
  };
  return { get current() { return current(); }, open: (url?: string) => current().open(url) };
}

function watch(page: Page): ProblemLog {
  const log = new ProblemLog();
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'assert') return;
    if (FAILED_LOAD.test(message.text())) return;
    log.record({ kind: 'console', text: message.text(), url: message.location().url || undefined });
  });
  page.on('pageerror', (error) => log.record({ kind: 'exception', text: error.stack ?? error.message }));
  page.on('response', (response) => {
    if (response.status() >= 400) log.record({ kind: 'response', method: response.request().method(), url: response.url(), status: response.status() });
  });
  page.on('requestfailed', (request) => {
    log.record({ kind: 'request-failed', method: request.method(), url: request.url(), error: request.failure()?.errorText ?? 'unknown' });
  });
  return log;
}
