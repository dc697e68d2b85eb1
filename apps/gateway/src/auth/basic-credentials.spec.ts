import { hostLabel, parseBasic } from './basic-credentials';

const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('Basic credentials', () => {
  it('reads both tenant forms', () => {
    expect(parseBasic(`Basic ${b64('t1/alice:pw:with:colons')}`)).toEqual({ tenant: 't1', user: 'alice', password: 'pw:with:colons' });
    expect(parseBasic(`basic ${b64('alice:pw')}`)).toEqual({ user: 'alice', password: 'pw' });
  });

  it.each([undefined, 'Basic', 'Basic ', 'Bearer abc', `Basic ${b64('no-colon')}`, 'Basic !!!', `Basic ${b64(':pw')}`, `Basic ${b64('/alice:pw')}`])(
    'refuses %p', (header) => expect(parseBasic(header)).toBeUndefined(),
  );

  it('takes the first label of the Host header, not of an address', () => {
    expect(hostLabel('Acme.example.com:8080')).toBe('acme');
    expect(hostLabel('localhost')).toBe('localhost');
    expect(hostLabel('127.0.0.1:8080')).toBeUndefined();
    expect(hostLabel('[::1]:8080')).toBeUndefined();
  });
});
