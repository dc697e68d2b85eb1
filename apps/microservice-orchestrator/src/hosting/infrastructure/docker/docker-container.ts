import type Docker from 'dockerode';
import type { InstanceRequest, ObservedInstance } from '../../application/ports/runtime-driver';
import { Labels } from './container-labels';
import type { parseUlimits } from './docker-connection';

/**
 * How the Docker driver's containers are reached. Without a network they are published on the
 * engine host's loopback (the local stack: the apps run on that host). With one they join it and
 * are reached at their address on it and their own ports (compose: the apps run in containers on
 * that network), so nothing is published.
 */
export interface DockerPlacement { prefix: string; ulimits: ReturnType<typeof parseUlimits>; network?: string }

/** The container ports of a request: 80 and its probe ports, each once. */
export const containerPorts = (req: InstanceRequest): number[] => [...new Set([80, ...req.ports])];

/** The engine's create request for an instance. */
export function createOptions(req: InstanceRequest, placement: DockerPlacement): Docker.ContainerCreateOptions {
  const { spec } = req;
  const ports = containerPorts(req);
  const limits = { Memory: req.memoryBytes, NanoCpus: req.nanoCpus, Ulimits: placement.ulimits };
  return {
    name: req.name, Image: req.image, Env: Object.entries(req.env).map(([k, v]) => `${k}=${v}`),
    Labels: {
      [Labels.managed]: 'true', [Labels.prefix]: placement.prefix, [Labels.deployment]: spec._id, [Labels.revision]: spec.revision, [Labels.slot]: String(req.slot),
      [Labels.application]: spec.applicationId, [Labels.applicationName]: spec.name, [Labels.version]: spec.version, [Labels.tenant]: spec.tenant ?? '',
      [Labels.ports]: ports.join(','),
    },
    ExposedPorts: Object.fromEntries(ports.map((p) => [`${p}/tcp`, {}])),
    HostConfig: placement.network
      ? { NetworkMode: placement.network, ...limits }
      : { PortBindings: Object.fromEntries(ports.map((p) => [`${p}/tcp`, [{ HostIp: '127.0.0.1', HostPort: '' }]])), ...limits },
  };
}

/** A listed container as an instance: where its ports are reached, published or on the network. */
export function observedInstance(c: Docker.ContainerInfo, network?: string): ObservedInstance {
  const name = (c.Names?.[0] ?? c.Id).replace(/^\//, '');
  const labels = c.Labels ?? {};
  const base = {
    id: c.Id, name, deploymentId: labels[Labels.deployment] ?? '', revision: labels[Labels.revision] ?? '', slot: Number(labels[Labels.slot] ?? 0),
    running: c.State === 'running', state: c.State,
  };
  if (!network) {
    return { ...base, ports: Object.fromEntries((c.Ports ?? []).filter((p) => p.PublicPort).map((p) => [p.PrivatePort, p.PublicPort])) };
  }
  // The address the engine gave it on the network: it needs no DNS on the network (Podman's CNI
  // networks have none); the engine reports none while the container is not running.
  const address = c.NetworkSettings?.Networks?.[network]?.IPAddress;
  if (!address) return { ...base, ports: {} };
  return { ...base, host: address, ports: ownPorts(labels) };
}

/** On a network, a container's ports are its own: each container port maps to itself. */
export function ownPorts(labels: Record<string, string>): Record<number, number> {
  const ports = (labels[Labels.ports] ?? '80').split(',').map(Number).filter((p) => p > 0);
  return Object.fromEntries(ports.map((p) => [p, p]));
}
