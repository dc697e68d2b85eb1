import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { eventually } from './eventually';

/** Debian's `chromium`, which `tools/berth test` installs (`ensure_chromium` in tools/lib/common.sh). */
const CHROMIUM = '/usr/bin/chromium';

/** A page open in headless Chromium, and what went wrong on it: console errors, exceptions, CSP violations. */
export interface BrowserPage {
  /** One line per console error, uncaught exception, browser log error or `securitypolicyviolation` event. */
  readonly problems: string[];
  /** The value of a JavaScript expression in the page. */
  evaluate<T>(expression: string): Promise<T>;
  /** Waits until the expression is truthy in the page (named `what` when it never is) and answers its value. */
  waitFor<T>(expression: string, what: string, timeoutMs?: number): Promise<T>;
  /** Ends the browser and removes its profile. */
  close(): Promise<void>;
}

/** Reports each `securitypolicyviolation` through a binding, from before the page's own scripts run. */
const VIOLATION_BINDING = '__berthCspViolation';
const VIOLATION_LISTENER = `document.addEventListener('securitypolicyviolation',
  (e) => ${VIOLATION_BINDING}('CSP violation: ' + e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline') + ' in ' + e.sourceFile + ':' + e.lineNumber));`;

/**
 * Opens `url` in a fresh headless Chromium, driven over the Chrome DevTools Protocol (a raw WebSocket,
 * no browser download), and answers once the page's load event fired.
 */
export async function openInChromium(url: string): Promise<BrowserPage> {
  const profile = mkdtempSync(join(tmpdir(), 'berth-chromium-'));
  const chromium = spawn(CHROMIUM, [
    '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-extensions',
    '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank',
  ], { stdio: ['ignore', 'ignore', 'pipe'] });
  const close = async () => { await stop(chromium); rmSync(profile, { recursive: true, force: true }); };
  try {
    const cdp = await Cdp.connect(await devToolsUrl(chromium));
    const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    const page = <T>(method: string, params: object = {}) => cdp.send<T>(method, params, sessionId);
    const problems: string[] = [];
    cdp.onEvent((method, params: any) => {
      if (method === 'Runtime.consoleAPICalled' && ['error', 'assert'].includes(params.type)) {
        problems.push(`console.${params.type}: ${params.args.map((a: any) => a.value ?? a.description ?? a.type).join(' ')}`);
      }
      if (method === 'Runtime.exceptionThrown') problems.push(`exception: ${params.exceptionDetails.exception?.description ?? params.exceptionDetails.text}`);
      if (method === 'Log.entryAdded' && params.entry.level === 'error') problems.push(`${params.entry.source}: ${params.entry.text} ${params.entry.url ?? ''}`.trim());
      if (method === 'Runtime.bindingCalled' && params.name === VIOLATION_BINDING) problems.push(params.payload);
    });
    await Promise.all(['Runtime.enable', 'Log.enable', 'Page.enable'].map((m) => page(m)));
    await page('Runtime.addBinding', { name: VIOLATION_BINDING });
    await page('Page.addScriptToEvaluateOnNewDocument', { source: VIOLATION_LISTENER });
    const loaded = cdp.nextEvent('Page.loadEventFired', sessionId);
    const navigation = await page<{ errorText?: string }>('Page.navigate', { url });
    if (navigation.errorText) throw new Error(`Chromium could not open ${url}: ${navigation.errorText}`);
    await loaded;
    const evaluate = async <T>(expression: string): Promise<T> => {
      const { result, exceptionDetails } = await page<any>('Runtime.evaluate', { expression, returnByValue: true });
      if (exceptionDetails) throw new Error(`${expression} threw: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
      return result.value as T;
    };
    return {
      problems,
      evaluate,
      waitFor: <T>(expression: string, what: string, timeoutMs = 15000) => eventually(() => evaluate<T>(expression), (v: T) => Boolean(v), { timeoutMs, what }).catch((err: Error) => {
        throw new Error(`${err.message}; problems on the page: ${JSON.stringify(problems)}`);
      }),
      close: async () => { cdp.close(); await close(); },
    };
  } catch (err) {
    await close();
    throw err;
  }
}

/** The browser's DevTools WebSocket URL, which Chromium prints on stderr once it listens. */
function devToolsUrl(chromium: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    chromium.once('error', (err) => reject(new Error(`cannot start ${CHROMIUM} (tools/berth test installs it): ${err.message}`)));
    chromium.once('exit', (code) => reject(new Error(`${CHROMIUM} exited with ${code}: ${stderr}`)));
    chromium.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(stderr);
      if (found) resolve(found[1]);
    });
  });
}

function stop(chromium: ChildProcess): Promise<void> {
  if (chromium.exitCode !== null || chromium.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => { chromium.once('exit', () => resolve()); chromium.kill('SIGKILL'); });
}

/** A DevTools Protocol connection: numbered commands answered by id, events to listeners. */
class Cdp {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Set<(method: string, params: unknown, sessionId?: string) => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.id === undefined) { for (const listener of this.listeners) listener(message.method, message.params, message.sessionId); return; }
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiter?.reject(new Error(`CDP: ${message.error.message}`)); else waiter?.resolve(message.result);
    });
    socket.on('close', () => { for (const waiter of this.pending.values()) waiter.reject(new Error('CDP: the browser closed the connection')); });
  }

  static connect(url: string): Promise<Cdp> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { perMessageDeflate: false });
      socket.once('open', () => resolve(new Cdp(socket)));
      socket.once('error', reject);
    });
  }

  send<T>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ id, method, params, sessionId }));
    });
  }

  onEvent(listener: (method: string, params: unknown, sessionId?: string) => void) { this.listeners.add(listener); }

  nextEvent(method: string, sessionId?: string): Promise<void> {
    return new Promise((resolve) => {
      const listener = (m: string, _p: unknown, s?: string) => { if (m === method && s === sessionId) { this.listeners.delete(listener); resolve(); } };
      this.listeners.add(listener);
    });
  }

  close() { this.socket.close(); }
}
