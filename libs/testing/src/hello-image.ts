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

/**
 * The test microservice's `image.tar`, made without any container engine: the Go program in
 * `hello-service/main.go` built static (CGO off, standard library only, no downloads) and wrapped
 * as a `docker save` archive. Cached under `.local/test-images/`, keyed by the source's hash.
 * It answers `GET /health` with `{"status":"UP"}`, `GET /hello?who=x` with `hello x!` and
 * `GET /echo/…` with the request path, headers and platform variables as JSON.
 * @throws Error when `go` is missing or the build fails (its output in the message).
 */
export function helloImage(): Buffer {
  const source = readFileSync(SOURCE);
  const key = sha256(Buffer.concat([source, Buffer.from(BUILD_FORMAT)])).slice(0, 16);
  const dir = join(ROOT, '.local', 'test-images');
  const cached = join(dir, `hello-${key}.tar`);
  if (existsSync(cached)) return readFileSync(cached);
  const work = mkdtempSync(join(tmpdir(), 'berth-hello-'));
  try {
    writeFileSync(join(work, 'go.mod'), 'module hello\n\ngo 1.21\n');
    writeFileSync(join(work, 'main.go'), source);
    execFileSync('go', ['build', '-trimpath', '-ldflags=-s -w', '-o', 'hello', '.'], {
      cwd: work, stdio: 'pipe', env: { ...process.env, CGO_ENABLED: '0', GOOS: 'linux', GOARCH: 'amd64', GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' },
    });
    const layer = tar([{ name: 'hello', data: readFileSync(join(work, 'hello')), mode: 0o755 }]);
    const archive = dockerSaveArchive([layer], { Entrypoint: ['/hello'], ExposedPorts: { '80/tcp': {} }, Env: ['SERVER_PORT=80'] }, `localhost/berth-hello:${key}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${cached}.tmp`, archive);
    renameSync(`${cached}.tmp`, cached);
    return archive;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
