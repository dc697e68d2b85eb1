import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';
import { loggerOptions, withPlainRequestLines } from '../logging/create-logger';
import { logRequest } from './request-context';

/** A logger of the apps' options writing into `lines`, its time fixed so that two loggers' lines compare. */
function capturing(level = 'info'): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const sink = new Writable({ write(chunk: Buffer, _enc, done) { lines.push(chunk.toString('utf8')); done(); } });
  const logger = pino({ ...loggerOptions('gateway', level), timestamp: () => ',"time":"2026-11-27T12:00:00.000Z"' }, sink);
  return { logger, lines };
}

describe('logRequest', () => {
  // Header values and request targets reach Node as latin1 text: no character above U+00FF.
  const requests: Array<[string, string, string, number, number]> = [
    ['3f9c', 'GET', '/inventory/managedObjects?pageSize=5', 200, 1.4],
    ['id "quoted" \\ back', 'POST', '/service/x/é?q=a\tb\u0001', 503, 12.6],
    ['\u00ff\u0080', 'DELETE', '/tenant/options/a%20b/\u00fcn\u00efcode', 204, 0],
  ];

  it('writes into a plain logger\'s stream the very bytes pino writes for the same line', () => {
    const plain = capturing();
    const viaPino = capturing();
    withPlainRequestLines(plain.logger);
    for (const [id, method, url, status, ms] of requests) {
      logRequest(plain.logger, id, method, url, status, ms);
      logRequest(viaPino.logger, id, method, url, status, ms);
    }
    expect(plain.lines).toHaveLength(requests.length);
    expect(plain.lines).toEqual(viaPino.lines);
    expect(JSON.parse(plain.lines[1])).toEqual({
      level: 'info', time: '2026-11-27T12:00:00.000Z', app: 'gateway', correlationId: 'id "quoted" \\ back',
      method: 'POST', url: '/service/x/é?q=a\tb\u0001', status: 503, ms: 13, msg: 'request',
    });
  });

  it('writes nothing above the info level', () => {
    const quiet = capturing('warn');
    withPlainRequestLines(quiet.logger);
    logRequest(quiet.logger, 'a', 'GET', '/', 200, 1);
    expect(quiet.lines).toEqual([]);
  });
});
