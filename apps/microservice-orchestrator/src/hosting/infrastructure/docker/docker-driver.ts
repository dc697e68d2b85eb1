import type { Readable } from 'node:stream';
import Docker from 'dockerode';
import type { DeploymentSpec } from '../../domain/deployment';
import { Labels } from './container-labels';
import { dockerOptions, parseUlimits } from './docker-connection';

/** A container of this stack as the engine reports it. */
export interface ObservedContainer { id: string; name: string; deploymentId: string; revision: string; running: boolean; state: string; ports: Record<number, number> }

/** What a new container gets besides its spec: image, name, environment. */
export interface ContainerRequest { spec: DeploymentSpec; image: string; name: string; env: Record<string, string>; memoryBytes: number; nanoCpus: number }

const notFound = (err: unknown) => (err as { statusCode?: number }).statusCode === 404;

/**
 * The Docker Engine API driver (Docker, or Podman's compatible socket) for one stack: every
 * container carries the `io.berth.prefix` label of `prefix`, and only those are listed or removed.
 * Engine errors are passed on as thrown errors with the engine's message.
 */
export class DockerDriver {
  private readonly docker: Docker;
  private readonly ulimits: ReturnType<typeof parseUlimits>;

  constructor(dockerHost: string, ulimits: string, private readonly prefix: string) {
    this.docker = new Docker(dockerOptions(dockerHost));
    this.ulimits = parseUlimits(ulimits);
  }

  async ping(): Promise<void> {
    await this.docker.ping();
  }

  async list(): Promise<ObservedContainer[]> {
    const found = await this.docker.listContainers({ all: true, filters: { label: [`${Labels.prefix}=${this.prefix}`] } });
    return found.map((c) => ({
      id: c.Id, name: (c.Names?.[0] ?? c.Id).replace(/^\//, ''),
      deploymentId: c.Labels?.[Labels.deployment] ?? '', revision: c.Labels?.[Labels.revision] ?? '',
      running: c.State === 'running', state: c.State,
      ports: Object.fromEntries((c.Ports ?? []).filter((p) => p.PublicPort).map((p) => [p.PrivatePort, p.PublicPort])),
    }));
  }

  async hasImage(ref: string): Promise<boolean> {
    try {
      await this.docker.getImage(ref).inspect();
      return true;
    } catch (err) {
      if (notFound(err)) return false;
      throw err;
    }
  }

  /** Loads a `docker save` archive and tags what it loaded as `ref` (`repo:tag`). @throws Error with the engine's reason. */
  async loadImage(archive: Readable, ref: string): Promise<void> {
    const response = await this.docker.loadImage(archive);
    let text = '';
    for await (const chunk of response as AsyncIterable<Buffer>) text += chunk.toString('utf8');
    const lines = text.split('\n').map((l) => l.trim()).filter(Boolean).map((l) => { try { return JSON.parse(l); } catch { return { stream: l }; } });
    const error = lines.find((l) => l.error || l.errorDetail);
    if (error) throw new Error(`image load failed: ${error.error ?? error.errorDetail?.message}`);
    const loaded = lines.map((l) => /Loaded image(?: ID)?(?:\(s\))?: *(\S+)/.exec(String(l.stream ?? ''))?.[1]).find(Boolean);
    if (!loaded) throw new Error(`image load reported no image: ${text.slice(0, 200)}`);
    const at = ref.lastIndexOf(':');
    await this.docker.getImage(loaded.split(',')[0]).tag({ repo: ref.slice(0, at), tag: ref.slice(at + 1) });
  }

  /** Creates and starts a container publishing port 80 (and the probe's port) on loopback only; removes it again if the start fails. */
  async run(req: ContainerRequest): Promise<string> {
    const { spec } = req;
    const ports = [...new Set([80, spec.probe.port])];
    const create = () => this.docker.createContainer({
      name: req.name, Image: req.image, Env: Object.entries(req.env).map(([k, v]) => `${k}=${v}`),
      Labels: {
        [Labels.managed]: 'true', [Labels.prefix]: this.prefix, [Labels.deployment]: spec._id, [Labels.revision]: spec.revision,
        [Labels.application]: spec.applicationId, [Labels.applicationName]: spec.name, [Labels.version]: spec.version, [Labels.tenant]: spec.tenant ?? '',
      },
      ExposedPorts: Object.fromEntries(ports.map((p) => [`${p}/tcp`, {}])),
      HostConfig: {
        PortBindings: Object.fromEntries(ports.map((p) => [`${p}/tcp`, [{ HostIp: '127.0.0.1', HostPort: '' }]])),
        Memory: req.memoryBytes, NanoCpus: req.nanoCpus, Ulimits: this.ulimits,
      },
    });
    let container: Docker.Container;
    try {
      container = await create();
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode !== 409) throw err;
      await this.remove(req.name);
      container = await create();
    }
    try {
      await container.start();
      return container.id;
    } catch (err) {
      await this.remove(container.id);
      throw err;
    }
  }

  /** The host ports a container's ports are published on. */
  async ports(id: string): Promise<Record<number, number>> {
    const info = await this.docker.getContainer(id).inspect();
    const out: Record<number, number> = {};
    for (const [key, bindings] of Object.entries(info.NetworkSettings?.Ports ?? {})) {
      const host = bindings?.[0]?.HostPort;
      if (host) out[Number(key.split('/')[0])] = Number(host);
    }
    return out;
  }

  /** The container's last log lines (stdout and stderr), for failure reasons. */
  async tail(id: string, lines = 5): Promise<string> {
    try {
      const buf = await this.docker.getContainer(id).logs({ stdout: true, stderr: true, tail: lines, follow: false }) as unknown as Buffer;
      return demux(buf).trim();
    } catch {
      return '';
    }
  }

  /** Removes a container (by id or name), stopping it first; an absent one is fine. */
  async remove(idOrName: string): Promise<void> {
    try {
      await this.docker.getContainer(idOrName).remove({ force: true, v: true });
    } catch (err) {
      if (!notFound(err)) throw err;
    }
  }
}

/** The text of a multiplexed log stream (8-byte frame headers), or the buffer as is when it is not one. */
function demux(buf: Buffer): string {
  const parts: string[] = [];
  let at = 0;
  while (at + 8 <= buf.length && buf[at] <= 2 && buf[at + 1] === 0) {
    const size = buf.readUInt32BE(at + 4);
    parts.push(buf.subarray(at + 8, at + 8 + size).toString('utf8'));
    at += 8 + size;
  }
  return at === 0 ? buf.toString('utf8') : parts.join('');
}
