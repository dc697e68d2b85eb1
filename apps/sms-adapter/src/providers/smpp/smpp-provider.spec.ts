import { createServer, Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { OutboundPolicy } from '@berth/runtime';
import { eventually } from '@berth/testing';
import { RecordingSink } from '../../../test/fakes';
import { ProviderUnavailableError } from '../sms-provider';
import { SmppProviderFactory } from './smpp-provider.factory';

describe('SMPP provider and the outbound guard', () => {
  let smsc: Server;
  let port: number;
  let connections = 0;

  beforeAll(async () => {
    smsc = createServer((socket) => { connections++; socket.destroy(); });
    await new Promise<void>((resolve) => smsc.listen(0, '127.0.0.1', resolve));
    port = (smsc.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => smsc.close(resolve)));

  it('never connects to an SMSC on a private address, named by IP or by host name, and fails sends like an unbound SMSC', async () => {
    const factory = new SmppProviderFactory(new OutboundPolicy(false));
    const providers = ['127.0.0.1', 'localhost'].map((host) => factory.create('t1', { host, port: String(port), systemId: 's', password: 'p' }, new RecordingSink()));
    try {
      const sms = { deliveryId: 'd1', tenant: 't1', senderAddress: '+4915100000001', address: '+4915100000002', text: 'hi' };
      const errors = await Promise.all(providers.map((p) => p.send(sms).catch((e) => e)));
      for (const error of errors) expect(error).toBeInstanceOf(ProviderUnavailableError);
      expect(connections).toBe(0);
    } finally {
      await Promise.all(providers.map((p) => p.close()));
    }
  });

  it('connects when private addresses are allowed', async () => {
    const provider = new SmppProviderFactory(new OutboundPolicy(true)).create('t1', { host: 'localhost', port: String(port), systemId: 's', password: 'p' }, new RecordingSink());
    try {
      await eventually(() => connections, (n) => n > 0, { what: 'a connection to the SMSC' });
    } finally {
      await provider.close();
    }
  });
});
