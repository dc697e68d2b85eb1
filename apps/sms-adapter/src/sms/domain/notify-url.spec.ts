import { isPrivate, notifyUrlProblem } from './notify-url';

describe('notifyUrlProblem', () => {
  it('refuses loopback, private and link-local targets unless allowed', async () => {
    for (const url of ['http://127.0.0.1:8080/r', 'http://10.1.2.3/r', 'http://192.168.0.1/r', 'http://[::1]/r', 'http://169.254.169.254/latest', 'http://localhost/r']) {
      expect(await notifyUrlProblem(url, false)).toBe('names a private or loopback address');
      expect(await notifyUrlProblem(url, true)).toBeUndefined();
    }
    expect(await notifyUrlProblem('https://8.8.8.8/r', false)).toBeUndefined();
  });

  it('refuses what is not an http(s) URL', async () => {
    expect(await notifyUrlProblem('ftp://8.8.8.8/r', true)).toBe('must be an http or https URL');
    expect(await notifyUrlProblem('nope', true)).toBe('is not an absolute URL');
    expect(await notifyUrlProblem('http://u:p@8.8.8.8/', true)).toBe('must not carry credentials');
  });

  it('sees IPv4 addresses mapped into IPv6', () => {
    expect(isPrivate('::ffff:127.0.0.1')).toBe(true);
    expect(isPrivate('::ffff:8.8.8.8')).toBe(false);
  });
});
