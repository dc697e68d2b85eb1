// The six built apps for a benchmark, started as libs/testing's test stack starts them: their own
// ports (internal apps at `base`…, the gateway next, its metrics after it), database and topic prefix,
// admin password and keys. Stopped with the benchmark's other processes (processes.stopAll).
const { randomBytes } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const processes = require('./gateway/processes');

const ROOT = join(__dirname, '..', '..');
const APPS = JSON.parse(readFileSync(join(ROOT, 'tools', 'stack', 'apps.json'), 'utf8')).map((a) => a.name);

/** The ports a stack at `base` takes: the internal apps by name, the gateway and its metrics port. */
function stackPorts(base) {
  const ports = Object.fromEntries(APPS.filter((a) => a !== 'gateway').map((name, i) => [name, base + i]));
  const gatewayPort = base + APPS.length - 1;
  return { ports, gatewayPort, all: [...Object.values(ports), gatewayPort, gatewayPort + 1] };
}

/**
 * Starts the stack and resolves with the gateway's URL once every app reports UP; the outbound
 * guard is on, and lets through exactly the endpoints in `allowHosts` (`127.0.0.1:<port>` of the
 * run's SMSC, BERTH_OUTBOUND_ALLOW_HOSTS); `env` adds or
 * overrides variables, `onGateway` receives the gateway's process (e.g. to read its CPU time),
 * `apps` (a Map) receives each app's `{ proc, port, relaunch }` (`relaunch()` starts it again
 * with the same environment and port, appending to its log, and answers the new process).
 */
async function startStack({ base, prefix, adminPassword, logDir, allowHosts = [], env: extra = {}, onGateway, apps = new Map() }) {
  const { ports, gatewayPort } = stackPorts(base);
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const env = {
    ...process.env, BERTH_DB_PREFIX: prefix, BERTH_TOPIC_PREFIX: `${prefix}.`, BERTH_PORT: String(gatewayPort), BERTH_METRICS_PORT: String(gatewayPort + 1),
    BERTH_PUBLIC_URL: `http://localhost:${gatewayPort}`, BERTH_ADMIN_PASSWORD: adminPassword,
    BERTH_INTERNAL_KEY: randomBytes(32).toString('base64url'), BERTH_SECRETS_KEY: randomBytes(32).toString('base64url'),
    LOG_LEVEL: process.env.LOG_LEVEL || 'info',
    BERTH_OUTBOUND_ALLOW_PRIVATE: 'false', BERTH_OUTBOUND_ALLOW_HOSTS: allowHosts.join(','),
    ...extra,
  };
  for (const [name, port] of Object.entries(ports)) env[`${name.toUpperCase().replace(/-/g, '_')}_URL`] = `http://127.0.0.1:${port}`;
  const launch = (name, port, append = false) => {
    const proc = processes.start(name, process.execPath, processes.appArgs(ROOT, name), { env: { ...env, PORT: String(port) }, logFile: join(logDir, `${name}.log`), append });
    apps.set(name, { proc, port, relaunch: () => launch(name, port, true) });
    return proc;
  };
  const internal = Object.entries(ports).map(([name, port]) => [launch(name, port), port]);
  await Promise.all(internal.map(([proc, port]) => processes.waitHttp(proc, `http://127.0.0.1:${port}/health`, 90000)));
  const gateway = launch('gateway', gatewayPort);
  onGateway?.(gateway);
  await processes.waitHttp(gateway, `${gatewayUrl}/health`, 90000);
  return gatewayUrl;
}

module.exports = { startStack, stackPorts };
