import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dockerSaveArchive, tar } from '@berth/archives';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

const ROOT = join(__dirname, '..', '..', '..');
const SOURCE = join(__dirname, 'hello-service', 'main.go');
const BUILD_FORMAT = 'v1';

/** Variants of an image: arguments after the entrypoint, or an image config that is not JSON (a broken image). */
export interface ImageOptions { args?: string[]; broken?: boolean }

/** The `docker save` archive of one layer holding `/hello` (an executable) with that as entrypoint, tagged `repoTag`. */
function helloArchive(executable: Buffer, repoTag: string, options: ImageOptions): Buffer {
  const layer = tar([{ name: 'hello', data: executable, mode: 0o755 }]);
  const config = { Entrypoint: ['/hello'], ...(options.args ? { Cmd: options.args } : {}), ExposedPorts: { '80/tcp': {} }, Env: ['SERVER_PORT=80'] };
  if (!options.broken) return dockerSaveArchive([layer], config, repoTag);
  const diffId = sha256(layer);
  const broken = Buffer.from('this is not an image config');
  const configName = `${sha256(broken)}.json`;
  const manifest = JSON.stringify([{ Config: configName, RepoTags: [repoTag], Layers: [`${diffId}/layer.tar`] }]);
  return tar([{ name: configName, data: broken }, { name: `${diffId}/layer.tar`, data: layer }, { name: 'manifest.json', data: manifest }]);
}

/**
 * The test microservice's `image.tar`, made without any container engine: the Go program in
 * `hello-service/main.go` built static (CGO off, standard library only, no downloads) and wrapped
 * as a `docker save` archive. Cached under `.local/test-images/`, keyed by the source's hash.
 * It answers `GET /health` with `{"status":"UP"}`, `GET /hello?who=x` with `hello x!` and
 * `GET /echo/…` with the request path, headers, platform variables and host name as JSON.
 * `options.args` picks a mode of `main.go` (`crash`, `slow`, `sick`); `broken` makes an archive that
 * passes the registry's checks but that no engine loads.
 * @throws Error when `go` is missing or the build fails (its output in the message).
 */
export function helloImage(options: ImageOptions = {}): Buffer {
  const source = readFileSync(SOURCE);
  const key = sha256(Buffer.concat([source, Buffer.from(BUILD_FORMAT)])).slice(0, 16);
  const dir = join(ROOT, '.local', 'test-images');
  const cached = join(dir, `hello-${key}.bin`);
  const variant = options.args || options.broken ? `-${sha256(JSON.stringify(options)).slice(0, 8)}` : '';
  if (existsSync(cached)) return helloArchive(readFileSync(cached), `localhost/berth-hello:${key}${variant}`, options);
  const work = mkdtempSync(join(tmpdir(), 'berth-hello-'));
  try {
    writeFileSync(join(work, 'go.mod'), 'module hello\n\ngo 1.21\n');
    writeFileSync(join(work, 'main.go'), source);
    execFileSync('go', ['build', '-trimpath', '-ldflags=-s -w', '-o', 'hello', '.'], {
      cwd: work, stdio: 'pipe', env: { ...process.env, CGO_ENABLED: '0', GOOS: 'linux', GOARCH: 'amd64', GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' },
    });
    const binary = readFileSync(join(work, 'hello'));
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${cached}.tmp`, binary);
    renameSync(`${cached}.tmp`, cached);
    return helloArchive(binary, `localhost/berth-hello:${key}${variant}`, options);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
