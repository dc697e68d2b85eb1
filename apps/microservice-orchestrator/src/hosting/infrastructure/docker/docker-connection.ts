import type { DockerOptions } from 'dockerode';

/** dockerode's options for a `DOCKER_HOST` value: `unix:///path`, `tcp://host:port` or `http://host:port`. */
export function dockerOptions(dockerHost: string): DockerOptions {
  if (dockerHost.startsWith('unix://')) return { socketPath: dockerHost.slice('unix://'.length) };
  const url = new URL(dockerHost.replace(/^tcp:/, 'http:'));
  return { protocol: 'http', host: url.hostname, port: Number(url.port || 2375) };
}

/** `nofile=1024:2048,nproc=…` as the engine's `Ulimits`. */
export function parseUlimits(value: string): Array<{ Name: string; Soft: number; Hard: number }> {
  return value.split(',').map((p) => p.trim()).filter(Boolean).map((p) => {
    const [name, limits] = p.split('=');
    const [soft, hard] = limits.split(':').map(Number);
    return { Name: name, Soft: soft, Hard: hard };
  });
}
