import { HttpErrorFilter, MethodIndex } from '@berth/http';
import { Metrics, RawExchanges } from '@berth/runtime';
import pino from 'pino';
import { exchangeFor } from '../../test/exchange';
import { correlate } from './correlate.step';

const exchanges = new RawExchanges({
  logger: pino({ level: 'silent' }), metrics: new Metrics('correlate-spec'), security: {}, brandHeader: 'Berth', closing: () => false,
  errors: new HttpErrorFilter({ publicBase: () => 'http://x', brand: 'berth', debug: false, methods: new MethodIndex() }),
  publicBase: (req) => `http://${req.headers.host}`,
});
const step = correlate(exchanges);

describe('correlate step', () => {
  it('takes the correlation id from X-Request-Id, echoes it, and puts it, the public base and the processing mode into the work context', () => {
    const ex = exchangeFor('POST', '/x', { 'x-request-id': 'req-42', host: 'berth.test', 'x-berth-processing-mode': 'transient' });
    expect(step(ex)).toBeUndefined();
    expect(ex.id).toBe('req-42');
    expect(ex.headers['x-request-id']).toBe('req-42');
    expect(ex.base).toBe('http://berth.test');
    expect(ex.work).toEqual({ correlationId: 'req-42', processingMode: 'TRANSIENT', publicBase: 'http://berth.test' });
  });

  it('makes a correlation id when the request has none', () => {
    const ex = exchangeFor('GET', '/x', { host: 'berth.test' });
    step(ex);
    expect(ex.id).toMatch(/\S{8,}/);
    expect(ex.headers['x-request-id']).toBe(ex.id);
  });

  it('refuses an unknown processing mode with 422, the correlation id already echoed', () => {
    const ex = exchangeFor('PUT', '/x', { host: 'berth.test', 'x-berth-processing-mode': 'eventually' });
    expect(() => step(ex)).toThrow(expect.objectContaining({ status: 422 }));
    expect(ex.headers['x-request-id']).toBe(ex.id);
  });
});
