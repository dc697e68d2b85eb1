import { isIP } from 'node:net';
import { effectiveAddress } from './blocked-addresses';

/**
 * The exact `host:port` endpoints (`127.0.0.1:2775`, `[::1]:9000`, `smsc.local:2775`) that
 * user-supplied URLs may reach although private: an IP entry matches a connection to that address
 * and port (also through a name that resolves to it), a name entry a URL or SMSC host spelled
 * with that name and port, whatever it resolves to. Throws naming a bad entry.
 */
export class AllowedEndpoints {
  private readonly keys = new Set<string>();

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const parsed = parseEndpoint(entry);
      if (!parsed) throw new Error(`"${entry}" is not a host:port`);
      this.keys.add(endpointKey(parsed.host, parsed.port));
    }
  }

  get size(): number {
    return this.keys.size;
  }

  /** Whether `host` (a name, or an IP address with or without brackets) on `port` is listed. */
  has(host: string, port: number): boolean {
    return this.keys.size > 0 && this.keys.has(endpointKey(host, port));
  }
}

/** `host:port` split, the host as written (IPv6 in brackets); undefined unless the port is 1–65535 and the host an address or name. */
function parseEndpoint(entry: string): { host: string; port: number } | undefined {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:[\]/\s@]+):(\d{1,5})$/.exec(entry.trim());
  if (!m) return undefined;
  const port = Number(m[2]);
  const bare = m[1].replace(/^\[|\]$/g, '');
  if (port < 1 || port > 65535) return undefined;
  if (m[1].startsWith('[') ? isIP(bare) !== 6 : !(isIP(bare) === 4 || /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i.test(bare))) return undefined;
  return { host: bare, port };
}

/** One spelling per endpoint: an IP address as Node prints it (mapped IPv4 as IPv4), a name in lower case without a final dot. */
function endpointKey(host: string, port: number): string {
  const bare = host.replace(/^\[|\]$/g, '');
  if (!isIP(bare)) return `${bare.toLowerCase().replace(/\.$/, '')}:${port}`;
  const { address, family } = effectiveAddress(bare);
  return family === 'ipv6' ? `${new URL(`http://[${address}]`).hostname}:${port}` : `${new URL(`http://${address}`).hostname}:${port}`;
}
