import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { outboundAgent } from './outbound-agent';
import { outboundConfigSchema } from './outbound-config';
import { OutboundPolicy } from './outbound-policy';

const GUARDED = new OutboundPolicy(false);

describe('OutboundPolicy', () => {
  it('refuses loopback, private, CGNAT, link-local, unique-local, unspecified, multicast and reserved addresses', () => {
    for (const address of ['127.0.0.1', '127.9.9.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', '100.127.255.255',
      '169.254.169.254', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::', '::1', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1']) {
      expect([address, GUARDED.refuses(address)]).toEqual([address, true]);
    }
    for (const address of ['8.8.8.8', '1.1.1.1', '100.128.0.1', '172.32.0.1', '11.0.0.1', '2001:4860:4860::8888', '2a00:1450::1']) {
      expect([address, GUARDED.refuses(address)]).toEqual([address, false]);
    }
  });

  it('sees the IPv4 address inside IPv4-mapped and NAT64 IPv6 addresses, in either spelling', () => {
    for (const address of ['::ffff:127.0.0.1', '::ffff:7f00:1', '::FFFF:A9FE:A9FE', '::ffff:10.0.0.1', '64:ff9b::a00:1', '0:0:0:0:0:ffff:c0a8:101']) {
      expect([address, GUARDED.refuses(address)]).toEqual([address, true]);
    }
    expect(GUARDED.refuses('::ffff:8.8.8.8')).toBe(false);
    expect(GUARDED.refuses('::ffff:808:808')).toBe(false);
  });

  it('allows everything when private targets are allowed, and only the listed CIDRs otherwise', () => {
    expect(new OutboundPolicy(true).refuses('127.0.0.1')).toBe(false);
    const listed = new OutboundPolicy(false, ['10.20.0.0/16', 'fd00::/8', '192.168.5.5']);
    expect(['10.20.1.1', '::ffff:10.20.1.1', 'fd00::5', '192.168.5.5'].map((a) => listed.refuses(a))).toEqual([false, false, false, false]);
    expect(['10.21.0.1', '127.0.0.1', 'fc00::1', '192.168.5.6'].map((a) => listed.refuses(a))).toEqual([true, true, true, true]);
  });

  it('allows an exact host:port listed in allowedHosts, and no other port or address of that host', async () => {
    const listed = new OutboundPolicy(false, [], ['127.0.0.1:2775', '[::1]:9000', 'LocalHost:9001']);
    expect([listed.refuses('127.0.0.1', 2775), listed.refuses('::ffff:127.0.0.1', 2775), listed.refuses('::1', 9000)]).toEqual([false, false, false]);
    expect([listed.refuses('127.0.0.1', 2776), listed.refuses('127.0.0.1'), listed.refuses('127.0.0.2', 2775), listed.refuses('::1', 2775)]).toEqual([true, true, true, true]);
    expect(await listed.urlProblem('http://127.0.0.1:2775/sms')).toBeUndefined();
    expect(await listed.urlProblem('http://[::1]:9000/')).toBeUndefined();
    expect(await listed.urlProblem('http://localhost:9001/realms/x')).toBeUndefined();
    for (const url of ['http://127.0.0.1:2776/sms', 'http://127.0.0.1/sms', 'http://localhost:9000/', 'http://127.0.0.2:2775/']) {
      expect([url, await listed.urlProblem(url)]).toEqual([url, 'names a private or loopback address']);
    }
    expect(await listed.hostProblem('127.0.0.1', 2775)).toBeUndefined();
    expect(await listed.hostProblem('127.0.0.1', 3103)).toBe('names a private or loopback address');
  });

  it('checks URLs when they are written: http(s), no credentials, every address of the host allowed', async () => {
    for (const url of ['http://127.0.0.1:8080/r', 'http://10.1.2.3/r', 'http://[::1]/r', 'http://[::ffff:127.0.0.1]/r', 'http://169.254.169.254/latest', 'http://localhost/r', 'http://0x7f000001/r']) {
      expect([url, await GUARDED.urlProblem(url)]).toEqual([url, 'names a private or loopback address']);
      expect(await new OutboundPolicy(true).urlProblem(url)).toBeUndefined();
    }
    expect(await GUARDED.urlProblem('https://8.8.8.8/r')).toBeUndefined();
    expect(await GUARDED.urlProblem('ftp://8.8.8.8/r')).toBe('must be an http or https URL');
    expect(await GUARDED.urlProblem('nope')).toBe('is not an absolute URL');
    expect(await GUARDED.urlProblem('http://u:p@8.8.8.8/')).toBe('must not carry credentials');
  });

  it('reads its env: guard on by default, CIDRs and host:port entries checked at start-up', () => {
    expect(outboundConfigSchema.parse({})).toEqual({ BERTH_OUTBOUND_ALLOW_PRIVATE: false, BERTH_OUTBOUND_ALLOW_CIDRS: [], BERTH_OUTBOUND_ALLOW_HOSTS: [] });
    expect(outboundConfigSchema.parse({ BERTH_OUTBOUND_ALLOW_PRIVATE: 'true', BERTH_OUTBOUND_ALLOW_CIDRS: '10.0.0.0/8, fd00::/8', BERTH_OUTBOUND_ALLOW_HOSTS: '127.0.0.1:2775, localhost:9000,[::1]:80' }))
      .toEqual({ BERTH_OUTBOUND_ALLOW_PRIVATE: true, BERTH_OUTBOUND_ALLOW_CIDRS: ['10.0.0.0/8', 'fd00::/8'], BERTH_OUTBOUND_ALLOW_HOSTS: ['127.0.0.1:2775', 'localhost:9000', '[::1]:80'] });
    for (const bad of ['10.0.0.0/33', 'example.com', '10.0.0.0/x', 'fd00::/129']) {
      expect(() => outboundConfigSchema.parse({ BERTH_OUTBOUND_ALLOW_CIDRS: bad })).toThrow(/is not an address or CIDR/);
    }
    for (const bad of ['127.0.0.1', '127.0.0.1:0', '127.0.0.1:65536', '::1:80', '[::1]', 'http://localhost:80', 'user@host:80', '10.0.0.0/8:80', '[localhost]:80']) {
      expect(() => outboundConfigSchema.parse({ BERTH_OUTBOUND_ALLOW_HOSTS: bad })).toThrow(/is not a host:port/);
    }
  });
});

describe('outboundAgent', () => {
  let server: Server;
  let port: number;
  let received = 0;

  beforeAll(async () => {
    server = createServer((_req, res) => { received++; res.end('reached'); });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const call = async (policy: OutboundPolicy, host: string) => {
    const agent = outboundAgent(policy, { connectTimeoutMs: 2000 });
    try {
      const res = await agent.request({ origin: `http://${host}:${port}`, path: '/', method: 'GET' });
      return await res.body.text();
    } catch (err) {
      return err as Error & { code?: string };
    } finally {
      await agent.close();
    }
  };

  it('refuses to connect to a refused IP literal, and to a name resolving to one at connect time', async () => {
    const before = received;
    for (const host of ['127.0.0.1', 'localhost']) {
      const err = await call(GUARDED, host) as Error & { code?: string };
      expect(err).toBeInstanceOf(Error);
      expect(err.code).toBe('ERR_OUTBOUND_REFUSED');
      expect(err.message).toMatch(/a private or loopback address this platform does not call/);
    }
    expect(received).toBe(before);
  });

  it('connects where the policy allows it', async () => {
    expect(await call(new OutboundPolicy(true), 'localhost')).toBe('reached');
    expect(await call(new OutboundPolicy(false, ['127.0.0.0/8', '::1']), '127.0.0.1')).toBe('reached');
  });

  it('connects to an exact host:port listed, by address or by the listed name, and to no other port', async () => {
    const before = received;
    expect(await call(new OutboundPolicy(false, [], [`127.0.0.1:${port}`]), '127.0.0.1')).toBe('reached');
    expect(await call(new OutboundPolicy(false, [], [`localhost:${port}`]), 'localhost')).toBe('reached');
    expect(received).toBe(before + 2);
    for (const [entry, host] of [[`127.0.0.1:${port + 1}`, '127.0.0.1'], [`127.0.0.1:${port + 1}`, 'localhost'], [`localhost:${port + 1}`, 'localhost']]) {
      const err = await call(new OutboundPolicy(false, [], [entry]), host) as Error & { code?: string };
      expect([entry, host, err.code]).toEqual([entry, host, 'ERR_OUTBOUND_REFUSED']);
    }
    expect(received).toBe(before + 2);
  });
});
