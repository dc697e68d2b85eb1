import { ExtraApp, startExtraApp } from '@berth/testing';

/** Where the consistency spec's second gateway listens (its metrics on the next port). */
const PORT = Number(process.env.BERTH_TEST_PORT_BASE || 18100) + 88;

/**
 * A second replica of the stack's gateway, configured as the first (same apps, keys and
 * databases, no other limits), as a load balancer spreads one client's requests over replicas.
 */
export function startReplicaGateway(): Promise<ExtraApp> {
  return startExtraApp('gateway', 'gateway-replica', PORT, {});
}
