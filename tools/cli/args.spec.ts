import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { parseCommandLine } = require('./args');
const { main } = require('./berth-microservice');

/** main() with its output captured, credentials from `env`, run in `cwd`. */
async function cli(argv: string[], { env = {}, cwd = tmpdir() }: { env?: Record<string, string>; cwd?: string } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l: string) => out.push(l), err: (l: string) => err.push(l), env, cwd, stdin: () => '' });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('berth microservice: the command line', () => {
  it('parses each command\'s arguments and options, with defaults', () => {
    expect(parseCommandLine(['deploy', 'x.zip', '--tenant', 't7', '--timeout', '30', '--url', 'http://h:1'])).toEqual({
      command: 'deploy', args: { zip: 'x.zip' }, options: { tenant: 't7', timeout: '30', timeoutMs: 30000, url: 'http://h:1' },
    });
    expect(parseCommandLine(['deploy', 'x.zip'])).toMatchObject({ options: { timeoutMs: 300000 } });
    expect(parseCommandLine(['activate', '1.1.0'])).toEqual({ command: 'activate', args: { version: '1.1.0' }, options: { timeoutMs: 300000 } });
    expect(parseCommandLine(['activate', '1.1.0', 'hello'])).toMatchObject({ args: { version: '1.1.0', name: 'hello' } });
    expect(parseCommandLine(['delete', 'hello', '--force'])).toEqual({ command: 'delete', args: { name: 'hello' }, options: { force: true, timeoutMs: 120000 } });
    expect(parseCommandLine(['status'])).toEqual({ command: 'status', args: {}, options: {} });
    expect(parseCommandLine(['list', '--user', 't1/me'])).toEqual({ command: 'list', args: {}, options: { user: 't1/me' } });
    expect(parseCommandLine(['logs', 'hello', '-f', '--instance', 'i-0', '--limit', '20', '--since', '2026-01-31T12:00:00+01:00'])).toEqual({
      command: 'logs', args: { name: 'hello' }, options: { follow: true, instance: 'i-0', limit: 20, since: '2026-01-31T11:00:00.000Z' },
    });
    expect(parseCommandLine(['run', '--local', 'svc', '--port', '8181', '--no-build'])).toEqual({
      command: 'run', args: { folder: 'svc' }, options: { local: true, port: 8181, 'no-build': true },
    });
    expect(parseCommandLine(['run', '--local'])).toEqual({ command: 'run', args: {}, options: { local: true } });
    const since = Date.parse(parseCommandLine(['logs', '--since', '10m']).options.since);
    expect(Date.now() - since).toBeGreaterThanOrEqual(600000);
    expect(Date.now() - since).toBeLessThan(660000);
  });

  it('asks for help in every spelling, and answers each usage mistake with its reason', () => {
    for (const argv of [['--help'], ['-h'], ['help'], ['status', '--help'], ['deploy', '--help'], ['logs', '-h', '--follow']]) expect(parseCommandLine(argv)).toEqual({ help: true });
    expect([
      [], ['undeploy'], ['deploy'], ['activate'], ['status', 'a', 'b'], ['list', 'x'], ['status', '--follow'], ['deploy', 'x.zip', '--timeout', '0'],
      ['logs', '--limit', '0'], ['logs', '--limit', '10001'], ['logs', '--limit', 'many'], ['logs', '--since', 'yesterday'], ['logs', '--since', '2026-01-31T12:00:00'],
      ['list', '--url'], ['run'], ['run', '--local', '--port', '0'], ['run', '--local', '--port', 'http'],
    ].map((argv) => parseCommandLine(argv).error)).toEqual([
      'no command given', 'unknown command: undeploy', 'deploy needs <zip>', 'activate needs <version>', 'status takes [name]; got a b', 'list takes no arguments; got x',
      expect.stringMatching(/Unknown option '--follow'/), '--timeout must be a number of seconds above 0',
      '--limit must be a whole number from 1 to 10000', '--limit must be a whole number from 1 to 10000', '--limit must be a whole number from 1 to 10000',
      expect.stringMatching(/^--since must be/), expect.stringMatching(/^--since must be/), expect.stringMatching(/argument missing/),
      'run needs --local: it runs the service on this machine (deploy runs it on the platform)', '--port must be a port number from 1 to 65535', '--port must be a port number from 1 to 65535',
    ]);
  });

  it('prints the usage of every command on stdout with exit 0 for help, and on stderr with exit 2 for a mistake', async () => {
    const help = await cli(['--help']);
    expect(help).toMatchObject({ code: 0, err: '' });
    for (const command of ['deploy <zip>', 'status [name]', 'list', 'versions [name]', 'activate <version> [name]', 'delete [name]', 'logs [name]']) expect(help.out).toContain(`  ${command}`);
    expect(await cli(['logs', '--help'])).toEqual(help);
    const unknown = await cli(['undeploy', 'x']);
    expect(unknown).toMatchObject({ code: 2, out: '' });
    expect(unknown.err).toMatch(/^unknown command: undeploy\nusage: berth microservice <command>/);
  });

  it('takes the name from ./cumulocity.json when none is given, and needs credentials', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'berth-cli-'));
    try {
      expect(await cli(['status'], { cwd: dir })).toMatchObject({ code: 2, err: expect.stringMatching(/^status needs a name: give it, or run it where cumulocity.json is/) });
      writeFileSync(join(dir, 'cumulocity.json'), '{"version":"1.0.0"');
      expect(await cli(['versions'], { cwd: dir })).toMatchObject({ code: 2, err: 'versions: ./cumulocity.json is not JSON' });
      writeFileSync(join(dir, 'cumulocity.json'), JSON.stringify({ name: 'from-manifest', version: '1.0.0' }));
      expect(await cli(['status'], { cwd: dir })).toMatchObject({ code: 2, err: expect.stringMatching(/^credentials missing/) });
      // A platform that cannot be reached fails the operation (1), naming the application looked up.
      const unreachable = await cli(['status', '--url', 'http://127.0.0.1:9'], { cwd: dir, env: { BERTH_USER: 't1/me', BERTH_PASSWORD: 'secret' } });
      expect(unreachable).toMatchObject({ code: 1, err: expect.stringMatching(/^status failed: http:\/\/127\.0\.0\.1:9 unreachable/) });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
