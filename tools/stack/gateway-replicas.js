// The gateways `npm start` runs side by side (BERTH_GATEWAY_REPLICAS, docs/getting-started.md#several-gateways):
// replica i (counted from 0) listens on the gateway's port + 10·i and serves its metrics on the
// metrics port + 10·i, so the first keeps the usual ports and the others follow in steps of ten.
const { APPS, portOf } = require('./apps');

const PORT_STEP = 10;
const MAX_REPLICAS = 10;
const DEFAULT_METRICS_PORT = 9464;
const GATEWAY = APPS.find((a) => a.name === 'gateway');

/**
 * The number of gateways BERTH_GATEWAY_REPLICAS asks for (unset or empty: 1).
 * @throws Error saying what the variable accepts when it is not a whole number from 1 to MAX_REPLICAS.
 */
function replicaCount(env = process.env) {
  const raw = (env.BERTH_GATEWAY_REPLICAS ?? '').trim();
  if (raw === '') return 1;
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= MAX_REPLICAS)) throw new Error(`BERTH_GATEWAY_REPLICAS must be a whole number from 1 to ${MAX_REPLICAS}, not "${raw}"`);
  return n;
}

/**
 * Each gateway of the stack: its name (`gateway`, then `gateway-2`, `gateway-3`…: its log is
 * `.local/logs/<name>.log`), its ports, and the environment it runs with (the stack's, its own ports).
 */
function gatewayReplicas(env) {
  const first = portOf(GATEWAY, env);
  const metrics = Number(env.BERTH_METRICS_PORT || DEFAULT_METRICS_PORT);
  return Array.from({ length: replicaCount(env) }, (_, i) => {
    const port = first + i * PORT_STEP;
    const metricsPort = metrics + i * PORT_STEP;
    return {
      name: i === 0 ? 'gateway' : `gateway-${i + 1}`, port, metricsPort, url: `http://localhost:${port}`,
      env: { ...env, BERTH_PORT: String(port), BERTH_METRICS_PORT: String(metricsPort) },
    };
  });
}

/** What two listeners of the stack (the internal apps, each gateway and its metrics) would share a port for; empty when none. */
function portClashes(env, replicas = gatewayReplicas(env)) {
  const owners = new Map();
  const listeners = [
    ...APPS.filter((a) => a !== GATEWAY).map((a) => [a.name, portOf(a, env)]),
    ...replicas.flatMap((r) => [[r.name, r.port], [`${r.name} metrics`, r.metricsPort]]),
  ];
  const clashes = [];
  for (const [name, port] of listeners) {
    if (!(port >= 1 && port <= 65535)) clashes.push(`${name} would listen on ${port}, which is not a port`);
    else if (owners.has(port)) clashes.push(`${name} and ${owners.get(port)} would both listen on ${port}`);
    else owners.set(port, name);
  }
  return clashes;
}

module.exports = { gatewayReplicas, portClashes, replicaCount, MAX_REPLICAS, PORT_STEP };
