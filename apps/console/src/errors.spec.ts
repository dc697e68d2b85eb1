import { errorMessage, RequestError } from './errors';

describe('errorMessage', () => {
  it('names the error resource\'s message and code', () => {
    const failure = { res: { status: 409 }, data: { error: 'applications/Conflict', message: 'Application 7 has subscriptions' } };
    expect(errorMessage(failure)).toBe('Application 7 has subscriptions (applications/Conflict)');
  });

  it('falls back to the code, then to the status', () => {
    expect(errorMessage({ res: { status: 403 }, data: { error: 'security/Forbidden' } })).toBe('security/Forbidden');
    expect(errorMessage({ res: { status: 502 }, data: '<html>bad gateway</html>' })).toBe('The request failed with status 502');
    expect(errorMessage(new RequestError(0, undefined))).toBe('The platform cannot be reached');
  });

  it('shows a short plain-text body and an Error\'s message', () => {
    expect(errorMessage(new RequestError(400, 'bad input'))).toBe('400: bad input');
    expect(errorMessage(new Error('offline'))).toBe('offline');
  });
});
