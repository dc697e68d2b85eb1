import { isIP } from 'node:net';
import type * as undici from 'undici';
import { Agent, buildConnector } from '../clients/undici-core';
import { OutboundPolicy, OutboundRefusedError } from './outbound-policy';

/**
 * An undici Agent for calls to user-supplied URLs: every connection's target is checked by
 * `policy` as it is made — an IP literal directly, a host name on each of the addresses it
 * resolves to at connect time — so a name that resolved to a public address when it was written
 * cannot later lead to a private one. A refused target fails the request like an unreachable one
 * (OutboundRefusedError, code `ERR_OUTBOUND_REFUSED`).
 */
export function outboundAgent(policy: OutboundPolicy, options: Omit<undici.Agent.Options, 'connect'> & { connectTimeoutMs?: number } = {}): Agent {
  const { connectTimeoutMs, ...agentOptions } = options;
  // The policy's lookup is per port (exact host:port entries): one connector per port called.
  const connectors = new Map<number, undici.buildConnector.connector>();
  const connectorFor = (port: number) => {
    let connector = connectors.get(port);
    if (!connector) connectors.set(port, connector = buildConnector({ timeout: connectTimeoutMs, lookup: policy.lookupFor(port) } as undici.buildConnector.BuildOptions));
    return connector;
  };
  return new Agent({
    ...agentOptions,
    connect: (opts, callback) => {
      const host = opts.hostname.replace(/^\[|\]$/g, '');
      const port = Number(opts.port) || (opts.protocol === 'https:' ? 443 : 80);
      if (isIP(host) && policy.refuses(host, port)) return callback(new OutboundRefusedError(host, host), null);
      return connectorFor(port)(opts, callback);
    },
  });
}
