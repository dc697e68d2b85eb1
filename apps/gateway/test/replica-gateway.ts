import { ExtraApp, startExtraApp } from '@berth/testing';

const BASE = Number(process.env.BERTH_TEST_PORT_BASE || 18100);

/** Where each spec's second gateway listens (its metrics on the next port): specs run side by side, so each has its own (docs/testing.md). */
const PORTS = { consistency: BASE + 88, replicas: BASE + 144 } as const;

/**
 * A second replica of the stack's gateway, configured as the first (same apps, keys, databases and
 * Redis, no other limits), as a load balancer spreads one client's requests over replicas; it logs
 * to `gateway-replica-<spec>.log`.
 */
export function startReplicaGateway(spec: keyof typeof PORTS): Promise<ExtraApp> {
  return startExtraApp('gateway', `gateway-replica-${spec}`, PORTS[spec], {});
}
