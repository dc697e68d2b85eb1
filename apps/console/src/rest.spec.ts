import type { Client } from '@c8y/client';
import { errorMessage } from './errors';
import { parseBody, requestJson } from './rest';

/** A client whose `core.fetch` answers `response` and records what it was asked. */
function clientAnswering(response: Response) {
  const calls: Array<{ path: string; init: { headers?: Record<string, string>; method?: string; body?: unknown } }> = [];
  const client = { core: { fetch: async (path: string, init: (typeof calls)[number]['init']) => { calls.push({ path, init }); return response; } } } as unknown as Client;
  return { client, calls };
}

describe('requestJson', () => {
  it('asks for JSON, sends a body as JSON, and answers the parsed body', async () => {
    const { client, calls } = clientAnswering(new Response('{"value":"2"}', { status: 200 }));
    expect(await requestJson(client, '/tenant/options/c/k', { method: 'PUT', body: { value: '2' } })).toEqual({ value: '2' });
    expect(calls[0].init.headers).toEqual({ accept: 'application/json', 'content-type': 'application/json' });
    expect([calls[0].init.method, calls[0].init.body]).toEqual(['PUT', '{"value":"2"}']);
  });

  it('answers nothing for an empty body', async () => {
    const { client } = clientAnswering(new Response(null, { status: 204 }));
    expect(await requestJson(client, '/tenant/options/c/k', { method: 'DELETE' })).toBeUndefined();
  });

  it('rejects with the platform\'s error resource, or the text of a body that is not JSON', async () => {
    const refused = clientAnswering(new Response('{"error":"options/Invalid Data","message":"a.replicas: must be a whole number from 1 to 5"}', { status: 422 }));
    await expect(requestJson(refused.client, '/x').catch(errorMessage)).resolves.toBe('a.replicas: must be a whole number from 1 to 5 (options/Invalid Data)');
    const plain = clientAnswering(new Response('upstream down', { status: 502 }));
    await expect(requestJson(plain.client, '/x').catch(errorMessage)).resolves.toBe('502: upstream down');
  });
});

describe('parseBody', () => {
  it('reads JSON, keeps other text and answers nothing for an empty body', () => {
    expect(parseBody('{"message":"taken"}')).toEqual({ message: 'taken' });
    expect(parseBody('bad gateway')).toBe('bad gateway');
    expect(parseBody('')).toBeUndefined();
  });
});
