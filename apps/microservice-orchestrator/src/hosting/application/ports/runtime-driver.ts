import type { Readable } from 'node:stream';
import type { DeploymentSpec } from '../../domain/deployment';

/** Injection token of the configured `RuntimeDriver`. */
export const RUNTIME_DRIVER = Symbol('RUNTIME_DRIVER');

/** One instance (container, pod) of this stack as the runtime reports it. */
export interface ObservedInstance {
  id: string;
  name: string;
  deploymentId: string;
  revision: string;
  /** Which of the deployment's replicas it is (0-based). */
  slot: number;
  running: boolean;
  /** The runtime's word for its state (`running`, `exited`, …). */
  state: string;
  /** The ports it is reached on, by container port: ports published on `host`, or its own on a network. */
  ports: Record<number, number>;
  /**
   * Where those ports are reached when not at `BERTH_CONTAINER_HOST`: its address on the network it joined
   * (Docker driver with `BERTH_DOCKER_NETWORK`), or its Service's cluster DNS name (Kubernetes).
   */
  host?: string;
  /**
   * Set when the runtime runs the manifest's probes itself (Kubernetes: the kubelet): whether the
   * instance passes its readiness probe. The orchestrator then takes this verdict and probes nothing.
   */
  ready?: boolean;
}

const STOPPED = new Set(['exited', 'dead', 'stopped']);

/** Whether an instance has stopped (not one still being created, which is neither running nor stopped). */
export const isStopped = (i: ObservedInstance): boolean => !i.running && STOPPED.has(i.state);

/** What a new instance gets: its spec, image, a name unique per deployment slot, environment and limits. */
export interface InstanceRequest {
  spec: DeploymentSpec;
  slot: number;
  image: string;
  name: string;
  env: Record<string, string>;
  memoryBytes: number;
  nanoCpus: number;
  /** Container ports to publish besides 80 (probe ports). */
  ports: number[];
}

/** How an instance ended: exit code, whether the kernel killed it for memory, the runtime's error. */
export interface ExitState { exitCode?: number; oomKilled: boolean; error?: string; finishedAt?: string }

/** One line of an instance's output. */
export interface LogLine { at: string; stream: 'stdout' | 'stderr'; text: string }

/** Which log lines to read: time window (inclusive) and at most `limit` of the newest. */
export interface LogWindow { since?: Date; until?: Date; limit: number }

/**
 * What the reconciler needs from a container runtime (Docker Engine API, Kubernetes, …). Every
 * instance carries the stack's prefix; only those are listed or removed. Methods throw the
 * runtime's error for anything unexpected; an absent instance is not an error for `remove`.
 */
export interface RuntimeDriver {
  /** Every instance of this stack, running or not. */
  list(): Promise<ObservedInstance[]>;
  hasImage(ref: string): Promise<boolean>;
  /** The images of `repository` (`localhost/<repo>`) the runtime holds, as `repository:tag` refs. */
  images(repository: string): Promise<string[]>;
  /**
   * Removes the image named `ref` (`repository:tag`; one absent counts as removed): only that name
   * while another name of the same repository refers to the image, else the image with every name it
   * has (those its archive brought). False when the runtime refuses because an instance uses it.
   */
  removeImage(ref: string): Promise<boolean>;
  /** Loads a `docker save` archive and names what it loaded `ref` (`repo:tag`). @throws Error with the runtime's reason. */
  loadImage(archive: Readable, ref: string): Promise<void>;
  /** Creates and starts an instance reachable from the platform only (published on loopback, or on the driver's network); resolves to its id. A stopped instance of the same name is replaced. */
  run(req: InstanceRequest): Promise<string>;
  /** The ports a running instance is reached on, by container port (as `ObservedInstance.ports`). */
  ports(id: string): Promise<Record<number, number>>;
  /** Stops and removes an instance (id or name). */
  remove(idOrName: string): Promise<void>;
  /** How a stopped instance ended; undefined when it is gone. */
  exitState(id: string): Promise<ExitState | undefined>;
  /** Runs `command` in a running instance; resolves to its exit code, or -1 when it did not finish within `timeoutMs`. */
  exec(id: string, command: string[], timeoutMs: number): Promise<number>;
  /** The instance's output lines in `window`, oldest first. */
  logs(id: string, window: LogWindow): Promise<LogLine[]>;
}
