import { addressListSchema } from '@berth/runtime';
import { TrustedProxies } from './trusted-proxies';

/** The entries of `BERTH_TRUSTED_PROXIES` as the gateway's config reads them. */
const proxyEntries = (list: string): string[] => addressListSchema().parse(list);
const isProxyEntry = (entry: string): boolean => addressListSchema().safeParse(entry).success;

describe('TrustedProxies', () => {
  it('matches addresses and CIDR blocks of either family, IPv4-mapped IPv6 as IPv4', () => {
    const proxies = new TrustedProxies(proxyEntries(' 127.0.0.1, 10.0.0.0/8 ,fd00::/8,::1,'));
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '10.200.3.4', 'fd12::5', '::1']) expect(proxies.trusts(address)).toBe(true);
    for (const address of ['127.0.0.2', '11.0.0.1', 'fe80::1', undefined, '', 'not-an-ip']) expect(proxies.trusts(address)).toBe(false);
  });

  it('trusts nobody when empty', () => {
    expect(new TrustedProxies(proxyEntries('')).trusts('127.0.0.1')).toBe(false);
  });

  it('validates entries', () => {
    for (const ok of ['127.0.0.1', '10.0.0.0/8', '0.0.0.0/0', '::1', 'fd00::/128']) expect(isProxyEntry(ok)).toBe(true);
    for (const bad of ['localhost', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1', '10.0.0.0/', '10.0.0.0/x', '300.1.1.1']) expect(isProxyEntry(bad)).toBe(false);
  });
});
