import type { Readable } from 'node:stream';
import Docker from 'dockerode';
import type { ExitState, InstanceRequest, LogLine, LogWindow, ObservedInstance, RuntimeDriver } from '../../application/ports/runtime-driver';
import { Labels } from './container-labels';
import { dockerOptions, parseUlimits } from './docker-connection';
import { createOptions, DockerPlacement, observedInstance, ownPorts } from './docker-container';
import { logLines } from './docker-logs';

const notFound = (err: unknown) => (err as { statusCode?: number }).statusCode === 404;

/**
 * The Docker Engine API driver (Docker, or Podman's compatible socket) for one stack: every
 * container carries the `io.berth.prefix` label of `prefix`, and only those are listed or removed.
 * With `network`, containers join that network instead of being published on loopback (see
 * `DockerPlacement`). Engine errors are passed on as thrown errors with the engine's message.
 */
export class DockerDriver implements RuntimeDriver {
  private readonly docker: Docker;
  private readonly placement: DockerPlacement;

  constructor(dockerHost: string, ulimits: string, private readonly prefix: string, network?: string) {
    this.docker = new Docker(dockerOptions(dockerHost));
    this.placement = { prefix, ulimits: parseUlimits(ulimits), ...(network ? { network } : {}) };
  }

  async list(): Promise<ObservedInstance[]> {
    const found = await this.docker.listContainers({ all: true, filters: { label: [`${Labels.prefix}=${this.prefix}`] } });
    return found.map((c) => observedInstance(c, this.placement.network));
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

  async images(repository: string): Promise<string[]> {
    const found = await this.docker.listImages({ filters: { reference: [repository] } });
    return found.flatMap((i) => i.RepoTags ?? []).filter((t) => t.startsWith(`${repository}:`));
  }

  async removeImage(ref: string): Promise<boolean> {
    const remove = async (name: string) => {
      try {
        await this.docker.getImage(name).remove();
        return true;
      } catch (err) {
        if (notFound(err)) return true;
        if ((err as { statusCode?: number }).statusCode === 409) return false;
        throw err;
      }
    };
    let tags: string[];
    try {
      tags = (await this.docker.getImage(ref).inspect()).RepoTags ?? [];
    } catch (err) {
      if (notFound(err)) return true;
      throw err;
    }
    const repository = `${ref.slice(0, ref.lastIndexOf(':'))}:`;
    const others = tags.filter((t) => t !== ref);
    if (others.some((t) => t.startsWith(repository))) return remove(ref);
    // The names its archive brought go first, `ref` last: refused, it stays for the next sweep to find.
    for (const name of others) await remove(name);
    return remove(ref);
  }

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

  async run(req: InstanceRequest): Promise<string> {
    const create = () => this.docker.createContainer(createOptions(req, this.placement));
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

  async ports(id: string): Promise<Record<number, number>> {
    const info = await this.docker.getContainer(id).inspect();
    const { network } = this.placement;
    if (network) return info.NetworkSettings?.Networks?.[network]?.IPAddress ? ownPorts(info.Config?.Labels ?? {}) : {};
    const out: Record<number, number> = {};
    for (const [key, bindings] of Object.entries(info.NetworkSettings?.Ports ?? {})) {
      const host = bindings?.[0]?.HostPort;
      if (host) out[Number(key.split('/')[0])] = Number(host);
    }
    return out;
  }

  async remove(idOrName: string): Promise<void> {
    try {
      await this.docker.getContainer(idOrName).remove({ force: true, v: true });
    } catch (err) {
      if (!notFound(err)) throw err;
    }
  }

  async exitState(id: string): Promise<ExitState | undefined> {
    try {
      const { State: s } = await this.docker.getContainer(id).inspect();
      return { exitCode: s.ExitCode, oomKilled: !!s.OOMKilled, ...(s.Error ? { error: s.Error } : {}), ...(s.FinishedAt ? { finishedAt: s.FinishedAt } : {}) };
    } catch (err) {
      if (notFound(err)) return undefined;
      throw err;
    }
  }

  async exec(id: string, command: string[], timeoutMs: number): Promise<number> {
    const exec = await this.docker.getContainer(id).exec({ Cmd: command, AttachStdout: true, AttachStderr: true });
    const stream = await exec.start({ hijack: true, stdin: false });
    const ended = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      stream.on('end', () => { clearTimeout(timer); resolve(true); });
      stream.on('error', () => { clearTimeout(timer); resolve(true); });
      stream.resume();
    });
    if (!(await ended)) {
      stream.destroy();
      return -1;
    }
    return (await exec.inspect()).ExitCode ?? -1;
  }

  async logs(id: string, window: LogWindow): Promise<LogLine[]> {
    const seconds = (d?: Date) => (d ? Math.floor(d.getTime() / 1000) : undefined);
    const until = seconds(window.until);
    const buf = await this.docker.getContainer(id).logs({
      stdout: true, stderr: true, follow: false, timestamps: true,
      ...(window.since ? { since: seconds(window.since) } : {}), ...(until !== undefined ? { until: until + 1 } : {}),
      // Without a time window only the newest lines are wanted: the engine reads no more.
      ...(!window.since && until === undefined ? { tail: window.limit } : {}),
    }) as unknown as Buffer;
    return logLines(buf, window);
  }
}
