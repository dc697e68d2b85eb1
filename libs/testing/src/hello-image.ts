import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const SOURCE = join(__dirname, 'hello-service', 'main.go');
const BUILD_FORMAT = 'v1';

const pad = (size: number) => Buffer.alloc((512 - (size % 512)) % 512);

function header(name: string, size: number, mode: string): Buffer {
  const h = Buffer.alloc(512);
  h.write(name, 0, 100, 'utf8');
  h.write(`${mode}\0`, 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  h.write('00000000000\0', 136);
  h.write('        ', 148);
  h.write('0', 156);
  h.write('ustar\0', 257);
  h.write('00', 263);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return h;
}

function tarOf(entries: Array<{ name: string; data: Buffer; mode?: string }>): Buffer {
  const parts = entries.flatMap((e) => [header(e.name, e.data.length, e.mode ?? '0000644'), e.data, pad(e.data.length)]);
  return Buffer.concat([...parts, Buffer.alloc(1024)]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** Variants of an image: arguments after the entrypoint, or an image config that is not JSON (a broken image). */
export interface ImageOptions { args?: string[]; broken?: boolean }

/**
 * A `docker save` archive of one layer holding `/hello` (an executable) with that as entrypoint,
 * tagged `repoTag`. The config names the layer's digest, as engines check on load.
 */
export function dockerSaveArchive(executable: Buffer, repoTag: string, options: ImageOptions = {}): Buffer {
  const layer = tarOf([{ name: 'hello', data: executable, mode: '0000755' }]);
  const diffId = sha256(layer);
  const config = options.broken ? Buffer.from('this is not an image config') : Buffer.from(JSON.stringify({
    architecture: 'amd64', os: 'linux',
    config: { Entrypoint: ['/hello'], ...(options.args ? { Cmd: options.args } : {}), ExposedPorts: { '80/tcp': {} }, Env: ['SERVER_PORT=80'] },
    rootfs: { type: 'layers', diff_ids: [`sha256:${diffId}`] },
  }));
  const configName = `${sha256(config)}.json`;
  const manifest = Buffer.from(JSON.stringify([{ Config: configName, RepoTags: [repoTag], Layers: [`${diffId}/layer.tar`] }]));
  return tarOf([{ name: configName, data: config }, { name: `${diffId}/layer.tar`, data: layer }, { name: 'manifest.json', data: manifest }]);
}

/**
 * The test microservice's `image.tar`, made without any container engine: the Go program in
 * `hello-service/main.go` built static (CGO off, standard library only, no downloads) and wrapped
 * as a `docker save` archive. Cached under `.local/test-images/`, keyed by the source's hash.
 * It answers `GET /health` with `{"status":"UP"}`, `GET /hello?who=x` with `hello x!` and
 * `GET /echo/…` with the request path, headers, platform variables and host name as JSON.
 * `options.args` picks a mode of `main.go` (`crash`, `slow`); `broken` makes an archive that
 * passes the registry's checks but that no engine loads.
 * @throws Error when `go` is missing or the build fails (its output in the message).
 */
export function helloImage(options: ImageOptions = {}): Buffer {
  const source = readFileSync(SOURCE);
  const key = sha256(Buffer.concat([source, Buffer.from(BUILD_FORMAT)])).slice(0, 16);
  const dir = join(ROOT, '.local', 'test-images');
  const cached = join(dir, `hello-${key}.bin`);
  const variant = options.args || options.broken ? `-${sha256(JSON.stringify(options)).slice(0, 8)}` : '';
  if (existsSync(cached)) return dockerSaveArchive(readFileSync(cached), `localhost/berth-hello:${key}${variant}`, options);
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
    return dockerSaveArchive(binary, `localhost/berth-hello:${key}${variant}`, options);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
