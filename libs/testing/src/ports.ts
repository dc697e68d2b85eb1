import { createServer } from 'node:net';

/** A port nothing listens on: taken from the system, then released (for a server a test starts there, or a refused connection). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The servers specs start for the stack to call on their behalf (SMSCs, fake SMS providers,
 * receipt servers, the OpenID provider), one port each from a range the stack reserves
 * (base+100…+110): the stack's outbound guard stays on and lets exactly these `127.0.0.1:<port>`
 * through (BERTH_OUTBOUND_ALLOW_HOSTS), nothing else on this machine.
 */
export const TEST_SERVER_SLOTS = ['smsc', 'smsc-soak', 'receipts', 'provider-a', 'provider-b', 'oidc', 'allowed-provider', 'allowed-idp', 'consistency-a', 'consistency-b', 'console-smsc'] as const;
export type TestServerSlot = typeof TEST_SERVER_SLOTS[number];
const TEST_SERVER_OFFSET = 100;
const TEST_SERVER_RANGE = 11;

/** Each slot's port for a stack at `portBase`. */
export function testServerPorts(portBase: number): Record<TestServerSlot, number> {
  if (TEST_SERVER_SLOTS.length > TEST_SERVER_RANGE) throw new Error(`at most ${TEST_SERVER_RANGE} test server slots`);
  return Object.fromEntries(TEST_SERVER_SLOTS.map((slot, i) => [slot, portBase + TEST_SERVER_OFFSET + i])) as Record<TestServerSlot, number>;
}

/** The port of a test server the stack may call (the global setup exports them as BERTH_TEST_SERVER_PORTS). */
export function testServerPort(slot: TestServerSlot): number {
  const ports = process.env.BERTH_TEST_SERVER_PORTS;
  if (!ports) throw new Error('BERTH_TEST_SERVER_PORTS is not set: run e2e specs through npm test (the integration project starts the stack)');
  return (JSON.parse(ports) as Record<TestServerSlot, number>)[slot];
}
