import { DomainError, HttpErrorFilter, MethodIndex } from '@berth/http';
import { currentWork } from '@berth/messaging';
import { Metrics, RawExchanges } from '@berth/runtime';
import pino from 'pino';
import { answered, exchangeFor, written } from '../../test/exchange';
import { ANSWERED, GatewayExchange, Step } from './exchange';
import { NamedStep, Pipeline } from './runner';

const exchanges = new RawExchanges({
  logger: pino({ level: 'silent' }), metrics: new Metrics('runner-spec'), security: { 'x-content-type-options': 'nosniff' }, brandHeader: 'Berth', closing: () => false,
  errors: new HttpErrorFilter({ publicBase: () => 'http://berth.test', brand: 'berth', debug: false, methods: new MethodIndex() }),
  publicBase: () => 'http://berth.test',
});

/** Runs `ex` through a pipeline of `steps` (named by their index) and resolves once its answer ended, with the names of the steps that ran. */
async function run(steps: Step[], ex: GatewayExchange, beforeRefusal: Step = () => undefined): Promise<string[]> {
  const ran: string[] = [];
  const named: NamedStep[] = steps.map((step, i) => [String(i), (e) => { ran.push(String(i)); return step(e); }]);
  const ended = answered(ex);
  new Pipeline(named, { exchanges, beforeRefusal: (e) => { ran.push('beforeRefusal'); return beforeRefusal(e); } }).request(ex.req, ex.res);
  await ended;
  return ran;
}

const answer: Step = (ex) => { ex.res.end('done'); };

describe('Pipeline', () => {
  it('runs the steps in their order, synchronous and asynchronous alike, in the request\'s work context', async () => {
    const ex = exchangeFor('GET', '/x');
    const contexts: unknown[] = [];
    const steps: Step[] = [
      (e) => { e.work.correlationId = 'c-1'; },
      async () => { contexts.push(currentWork()?.correlationId); },
      answer,
    ];
    expect(await run(steps, ex)).toEqual(['0', '1', '2']);
    expect(contexts).toEqual(['c-1']);
  });

  it('stops after a step that answered', async () => {
    expect(await run([(e) => { e.res.end(); return ANSWERED; }, answer], exchangeFor('GET', '/x'))).toEqual(['0']);
    expect(await run([async (e) => { e.res.end(); return ANSWERED; }, answer], exchangeFor('GET', '/x'))).toEqual(['0']);
  });

  it.each([
    ['throws', (() => { throw new DomainError('general', 'Unprocessable Entity', 'no'); }) as Step],
    ['rejects', (async () => { throw new DomainError('general', 'Unprocessable Entity', 'no'); }) as Step],
  ])('answers a step that %s with the error resource, after the refusal step, and runs no step after it', async (_how, refuse) => {
    const ex = exchangeFor('POST', '/x');
    expect(await run([refuse, answer], ex, (e) => { e.headers['access-control-allow-origin'] = '*'; })).toEqual(['0', 'beforeRefusal']);
    const text = written(ex);
    expect(text).toMatch(/^HTTP\/1\.1 422/);
    expect(text).toMatch(/access-control-allow-origin: \*/i);
    expect(text).toMatch(/x-content-type-options: nosniff/i);
    expect(text).toContain('"error":"general/Unprocessable Entity"');
  });
});
