import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { PRINCIPAL_HEADER, verifyPrincipal } from '@berth/auth';
import { OptionChanged } from '@berth/contracts';
import { httpOptionReader } from './http-option-reader';
import { optionChangeOf } from './option-events';

const KEY = 'k'.repeat(43);

/** The gateway's side of the contract with tenant-options' option endpoint. */
describe('httpOptionReader', () => {
  let server: Server;
  let pool: Pool;
  const seen: Array<{ url?: string; principal: unknown }> = [];
  let answer: (res: ServerResponse) => void;

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      seen.push({ url: req.url, principal: verifyPrincipal(req.headers[PRINCIPAL_HEADER], KEY) });
      answer(res);
    }).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    pool = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    await pool.close();
    server.close();
  });
  beforeEach(() => (seen.length = 0));

  it('asks for the option as the gateway acting for the tenant with the option read role, and returns its value', async () => {
    answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ category: 'rate.limit', key: 'queue.length', value: '7' }));
    expect(await httpOptionReader(pool, KEY)('t1', 'rate.limit', 'queue.length')).toEqual({ value: '7' });
    expect(seen).toEqual([{ url: '/tenant/options/rate.limit/queue.length', principal: { tenant: 't1', user: 'gateway', roles: ['ROLE_OPTION_MANAGEMENT_READ'], kind: 'internal' } }]);
  });

  it('takes 404 as absent, and any other answer or none as failed', async () => {
    const read = httpOptionReader(pool, KEY);
    answer = (res) => res.writeHead(404).end('{"error":"options/Not Found"}');
    expect(await read('t1', 'rate.limit', 'requests.per.second')).toBe('absent');
    answer = (res) => res.writeHead(403).end('{}');
    expect(await read('t1', 'rate.limit', 'requests.per.second')).toBe('failed');
    answer = (res) => res.writeHead(200).end('not json');
    expect(await read('t1', 'rate.limit', 'requests.per.second')).toBe('failed');
    answer = (res) => res.socket?.destroy();
    expect(await read('t1', 'rate.limit', 'requests.per.second')).toBe('failed');
  });
});

describe('optionChangeOf', () => {
  const event = (category: string, tenantId?: string) => ({ type: OptionChanged.type, tenantId, payload: { category, key: 'queue.length', change: 'updated' } });

  it('names the tenant of a change to options of the category', () => {
    expect(optionChangeOf('rate.limit', event('rate.limit', 't1'), 't1/rate.limit/queue.length')).toBe('t1');
    expect(optionChangeOf('rate.limit', event('rate.limit'), 't2/rate.limit/queue.length')).toBe('t2');
  });

  it('ignores other categories and other messages', () => {
    expect(optionChangeOf('rate.limit', event('messaging', 't1'), 't1/messaging/provider')).toBeUndefined();
    expect(optionChangeOf('rate.limit', { type: 'TenantChanged', tenantId: 't1', payload: { category: 'rate.limit' } })).toBeUndefined();
    expect(optionChangeOf('rate.limit', {})).toBeUndefined();
  });
});
