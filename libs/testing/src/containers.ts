import Docker from 'dockerode';

/** dockerode against `DOCKER_HOST` (`unix:///…` or `tcp://…`), or undefined when it is not set. */
export function engine(): Docker | undefined {
  const host = process.env.DOCKER_HOST;
  if (!host) return undefined;
  if (host.startsWith('unix://')) return new Docker({ socketPath: host.slice('unix://'.length) });
  const url = new URL(host.replace(/^tcp:/, 'http:'));
  return new Docker({ protocol: 'http', host: url.hostname, port: Number(url.port || 2375) });
}

/** The containers the orchestrator of the stack with database prefix `prefix` started (label `io.berth.prefix`). */
export async function stackContainers(prefix: string): Promise<Docker.ContainerInfo[]> {
  const docker = engine();
  if (!docker) return [];
  return docker.listContainers({ all: true, filters: { label: [`io.berth.prefix=${prefix}`] } });
}

/** Removes every container of the stack with database prefix `prefix`; returns how many. */
export async function removeStackContainers(prefix: string): Promise<number> {
  const docker = engine();
  if (!docker) return 0;
  const found = await stackContainers(prefix);
  await Promise.all(found.map((c) => docker.getContainer(c.Id).remove({ force: true }).catch(() => undefined)));
  return found.length;
}
