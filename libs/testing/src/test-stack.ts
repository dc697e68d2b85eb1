import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { testServerPorts } from './ports';
import { recordSecret, TEST_LOG_DIR } from './secret-scan';

const ROOT = join(__dirname, '..', '..', '..');
/** The list of apps is kept once, in tools/stack/apps.json. */
const APPS = JSON.parse(readFileSync(join(ROOT, 'tools', 'stack', 'apps.json'), 'utf8')) as Array<{ name: string; nodeFlags?: string[] }>;
/** The relay through which hosted containers reach the gateway is kept once, in tools/microservice (the benchmarks use it too). */
const { startContainerRelay } = createRequire(__filename)(join(ROOT, 'tools', 'microservice', 'container-relay.js')) as {
  startContainerRelay(targetPort: number, port: number, onSkip: (reason: string) => void): Promise<{ url: string; close(): Promise<void> } | undefined>;
};

export interface TestStack {
  gatewayUrl: string;
  /** The gateway's internal metrics port. */
  gatewayMetricsUrl: string;
  dbPrefix: string;
  adminPassword: string;
  env: Record<string, string>;
  /** The internal apps, by name. */
  apps: string[];
  appUrl(app: string): string;
  /** The name the broker knows one of the stack's topics by (the stack has a topic prefix of its own). */
  topic(name: string): string;
  /** Process ids of the apps, by name (e.g. to read an app's memory from /proc). */
  pids: Record<string, number>;
  /** The ports specs start the servers the stack calls on (testServerPort), by slot. */
  testServerPorts: Record<string, number>;
  stop(): Promise<void>;
}

/**
 * Starts the six built apps (dist/) on their own ports and databases against the real infra
 * named in the environment (KAFKA_BROKERS, MONGODB_URI, REDIS_URL), and resolves once every
 * one reports UP. Rejects, naming the app and its log, when one does not within `timeoutMs`.
 */
export async function startTestStack(portBase = Number(process.env.BERTH_TEST_PORT_BASE || 18100), timeoutMs = 60000): Promise<TestStack> {
  const dbPrefix = `t${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const gatewayPort = portBase + 80;
  const ports = Object.fromEntries(APPS.map((a, i) => [a.name, a.name === 'gateway' ? gatewayPort : portBase + 1 + i]));
  const serverPorts = testServerPorts(portBase);
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    BERTH_DB_PREFIX: dbPrefix,
    BERTH_TOPIC_PREFIX: `${dbPrefix}.`,
    BERTH_PORT: String(gatewayPort),
    BERTH_METRICS_PORT: String(gatewayPort + 1),
    BERTH_PUBLIC_URL: `http://localhost:${gatewayPort}`,
    BERTH_ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
    BERTH_INTERNAL_KEY: randomBytes(32).toString('base64url'),
    BERTH_SECRETS_KEY: randomBytes(32).toString('base64url'),
    BERTH_SECRETS_PREVIOUS_KEYS: randomBytes(32).toString('base64url'),
    LOG_LEVEL: process.env.LOG_LEVEL || 'info',
    // The outbound guard is on, as in production; specs run their SMSCs, fake SMS providers,
    // receipt servers and OIDC provider on 127.0.0.1 at the reserved ports, and only those are let through.
    BERTH_OUTBOUND_ALLOW_PRIVATE: 'false',
    BERTH_OUTBOUND_ALLOW_CIDRS: '',
    BERTH_OUTBOUND_ALLOW_HOSTS: Object.values(serverPorts).map((port) => `127.0.0.1:${port}`).join(','),
    // HTTP SMS providers: polled often, and provider B's receipts pushed to the gateway's webhook route.
    BERTH_SMS_HTTP_POLL_INTERVAL_MS: '300',
    BERTH_SMS_WEBHOOK_URL: `http://127.0.0.1:${gatewayPort}/service/messaging/providers/webhooks`,
  };
  for (const name of ['BERTH_ADMIN_PASSWORD', 'BERTH_INTERNAL_KEY', 'BERTH_SECRETS_KEY', 'BERTH_SECRETS_PREVIOUS_KEYS']) recordSecret(env[name]);
  for (const app of APPS) if (app.name !== 'gateway') env[`${app.name.toUpperCase().replace(/-/g, '_')}_URL`] = `http://127.0.0.1:${ports[app.name]}`;
  // Hosted containers reach the gateway through a relay on the engine's bridge (base+79), unless told otherwise.
  const relay = process.env.BERTH_MICROSERVICE_BASEURL ? undefined : await startContainerRelay(gatewayPort, portBase + 79, (reason) => process.stderr.write(`no container relay: ${reason}\n`));
  if (relay) env.BERTH_MICROSERVICE_BASEURL = relay.url;

  const logDir = TEST_LOG_DIR;
  mkdirSync(logDir, { recursive: true });
  const children = new Map<string, ChildProcess>();
  const stopApps = async () => {
    await Promise.all([...children.values()].map((c) => new Promise<void>((resolve) => {
      if (c.exitCode !== null || c.signalCode !== null) return resolve();
      const timer = setTimeout(() => c.kill('SIGKILL'), 10000);
      c.once('exit', () => { clearTimeout(timer); resolve(); });
      c.kill('SIGTERM');
    })));
  };
  const stop = async () => {
    await stopApps();
    await relay?.close();
    await deleteTopics(env.KAFKA_BROKERS, env.BERTH_TOPIC_PREFIX);
  };
  const launch = (name: string) => {
    const log = createWriteStream(join(logDir, `${name}.log`));
    const nodeFlags = APPS.find((a) => a.name === name)?.nodeFlags ?? [];
    const child = spawn(process.execPath, [...nodeFlags, join(ROOT, 'dist', 'apps', name, 'src', 'main.js')], {
      env: { ...env, PORT: String(ports[name]) }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
    children.set(name, child);
  };
  const internal = APPS.filter((a) => a.name !== 'gateway').map((a) => a.name);
  try {
    internal.forEach(launch);
    await Promise.all(internal.map((name) => waitUp(name, ports[name], children.get(name)!, timeoutMs, logDir)));
    launch('gateway');
    await waitUp('gateway', gatewayPort, children.get('gateway')!, timeoutMs, logDir);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    gatewayUrl: `http://127.0.0.1:${gatewayPort}`, gatewayMetricsUrl: `http://127.0.0.1:${gatewayPort + 1}`, dbPrefix, adminPassword: env.BERTH_ADMIN_PASSWORD, env, apps: internal,
    appUrl: (app) => `http://127.0.0.1:${ports[app]}`,
    topic: (name) => env.BERTH_TOPIC_PREFIX + name,
    pids: Object.fromEntries([...children].map(([name, child]) => [name, child.pid!])),
    testServerPorts: serverPorts,
    stop,
  };
}

/** Removes the stack's topics from the shared broker, so that runs do not pile up partitions. */
async function deleteTopics(brokers: string | undefined, prefix: string) {
  if (!brokers || !prefix) return;
  const admin = new Kafka({ clientId: 'test-stack', brokers: brokers.split(','), logLevel: logLevel.NOTHING }).admin();
  try {
    await admin.connect();
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(prefix));
    if (topics.length > 0) await admin.deleteTopics({ topics, timeout: 10000 });
  } catch {
    // best effort: a leftover topic only costs broker space
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

async function waitUp(name: string, port: number, child: ChildProcess, timeoutMs: number, logDir: string) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}; see ${join(logDir, `${name}.log`)}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(3000) });
      last = await res.text();
      if (res.status === 200) return;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} did not become healthy within ${timeoutMs} ms (${last}); see ${join(logDir, `${name}.log`)}`);
}
