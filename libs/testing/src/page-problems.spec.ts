import { describeProblem, isExpectedResponse, ProblemLog, type PageProblem } from './page-problems';

const conflict: PageProblem = { kind: 'response', method: 'POST', url: 'http://gw:1/tenant/options?x=1', status: 409 };

describe('the browser harness\'s problem log', () => {
  it('lets through an error answer only when an expected one names its URL (whole, or path with query), status and method', () => {
    expect(isExpectedResponse(conflict, [{ url: '/tenant/options?x=1', status: 409 }])).toBe(true);
    expect(isExpectedResponse(conflict, [{ url: 'http://gw:1/tenant/options?x=1', status: 409, method: 'post' }])).toBe(true);
    expect(isExpectedResponse(conflict, [{ url: /\/tenant\/options/, status: 409 }])).toBe(true);
    expect(isExpectedResponse(conflict, [{ url: '/tenant/options', status: 409 }])).toBe(false);
    expect(isExpectedResponse(conflict, [{ url: '/tenant/options?x=1', status: 400 }])).toBe(false);
    expect(isExpectedResponse(conflict, [{ url: '/tenant/options?x=1', status: 409, method: 'PUT' }])).toBe(false);
  });

  it('never lets through a console error, exception, failed request or CSP violation, whatever the expected answers', () => {
    const everything = [{ url: /.*/, status: 409 }];
    for (const problem of [
      { kind: 'console', text: 'boom', url: 'http://gw:1/tenant/options?x=1' },
      { kind: 'exception', text: 'TypeError' },
      { kind: 'request-failed', method: 'GET', url: 'http://gw:1/tenant/options?x=1', error: 'net::ERR_ABORTED' },
      { kind: 'csp', directive: 'script-src-elem', blocked: 'inline', source: 'http://gw:1/x:1' },
    ] satisfies PageProblem[]) {
      expect(isExpectedResponse(problem, everything)).toBe(false);
    }
  });

  it('answers the unexpected problems as lines, and forgets them when cleared', () => {
    const log = new ProblemLog();
    log.record(conflict);
    log.record({ kind: 'console', text: 'could not save', url: 'http://gw:1/app.js' });
    expect(log.unexpected()).toEqual(['POST http://gw:1/tenant/options?x=1 answered 409', 'console error: could not save (http://gw:1/app.js)']);
    expect(log.unexpected([{ url: '/tenant/options?x=1', status: 409 }])).toEqual(['console error: could not save (http://gw:1/app.js)']);
    log.clear();
    expect(log.unexpected()).toEqual([]);
    expect(log.all).toEqual([]);
  });

  it('leaves out requests a change of the host\'s network aborted, and no other failed request', () => {
    const log = new ProblemLog();
    log.record({ kind: 'request-failed', method: 'GET', url: 'http://gw:1/application/applications/1/status', error: 'net::ERR_NETWORK_CHANGED' });
    log.record({ kind: 'request-failed', method: 'GET', url: 'http://gw:1/tenant/options', error: 'net::ERR_CONNECTION_REFUSED' });
    expect(log.unexpected()).toEqual(['GET http://gw:1/tenant/options failed: net::ERR_CONNECTION_REFUSED']);
    expect(log.all).toHaveLength(2);
  });

  it('describes a CSP violation with its directive, what it blocked and where', () => {
    expect(describeProblem({ kind: 'csp', directive: 'img-src', blocked: 'https://x/y.png', source: 'http://gw:1/a.js:3' }))
      .toBe('CSP violation: img-src blocked https://x/y.png in http://gw:1/a.js:3');
  });
});
