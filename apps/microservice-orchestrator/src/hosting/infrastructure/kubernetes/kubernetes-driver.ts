import type { Readable } from 'node:stream';
import { Writable } from 'node:stream';
import { AppsV1Api, CoreV1Api, Exec, KubeConfig, V1Deployment, V1Pod, V1Service } from '@kubernetes/client-node';
import type { ExitState, InstanceRequest, LogLine, LogWindow, ObservedInstance, RuntimeDriver } from '../../application/ports/runtime-driver';
import { Labels } from '../docker/container-labels';
import { logLines } from '../docker/docker-logs';
import { deploymentOf, labelValue, ObjectContext, secretOf, serviceOf, stackSelector } from './kubernetes-objects';
import { exitStateOf, instanceOf, podlessOf, serviceAddress } from './kubernetes-status';

/** Where the driver runs workloads and where their images come from. */
export interface KubernetesDriverOptions {
  namespace: string;
  /** The stack's prefix (`BERTH_DB_PREFIX`): every object carries it as the `io.berth.prefix` label. */
  prefix: string;
  /** Registry (and path) the images are pulled from: `localhost/berth-binary:<binaryId>` runs as `<registry>/berth-binary:<binaryId>`. */
  imageRegistry: string;
  imagePullSecret?: string;
}

const status = (err: unknown) => (err as { code?: number }).code;
const ignore404 = (err: unknown) => { if (status(err) !== 404) throw err; };
const created = (pod: V1Pod) => new Date(pod.metadata?.creationTimestamp ?? 0).getTime();

/**
 * The Kubernetes driver: one Secret (the environment), Deployment and ClusterIP Service per
 * revision of a deployment of the orchestrator, all named `<prefix>-<name>[-<tenant>]-<revision prefix>`, in the namespace of
 * `BERTH_KUBERNETES_NAMESPACE`; an instance is reached through its Service's cluster DNS name. The port speaks of
 * instances; here an instance is a pod. `run` creates the three objects with one replica, or
 * adds one replica (up to the spec's `replicas`) to an existing Deployment of the same revision;
 * `remove` of a pod takes that replica away (and the three objects with the last one); `remove`
 * of an object name deletes those of the three that carry the stack's labels. API errors are
 * thrown as the client's `ApiException`.
 */
export class KubernetesDriver implements RuntimeDriver {
  private readonly core: CoreV1Api;
  private readonly apps: AppsV1Api;

  constructor(private readonly kc: KubeConfig, private readonly options: KubernetesDriverOptions) {
    this.core = kc.makeApiClient(CoreV1Api);
    this.apps = kc.makeApiClient(AppsV1Api);
  }

  private get namespace() { return this.options.namespace; }

  /**
   * Pods of the stack (those being deleted left out), with the address of their deployment's
   * Service; and each Deployment that has no pod as an instance of its own name (see `podlessOf`).
   */
  async list(): Promise<ObservedInstance[]> {
    const labelSelector = stackSelector(this.options.prefix);
    const [pods, services, deployments] = await Promise.all([
      this.core.listNamespacedPod({ namespace: this.namespace, labelSelector }),
      this.core.listNamespacedService({ namespace: this.namespace, labelSelector }),
      this.apps.listNamespacedDeployment({ namespace: this.namespace, labelSelector }),
    ]);
    const addresses = new Map(services.items.map((s) => [s.metadata?.name ?? '', serviceAddress(s, this.namespace)]));
    const live = pods.items.filter((p) => !p.metadata?.deletionTimestamp)
      .sort((a, b) => created(a) - created(b));
    const seen = new Map<string, number>();
    const instances = live.map((pod) => {
      const owner = pod.metadata?.labels?.[Labels.deployment] ?? '';
      const slot = seen.get(owner) ?? 0;
      seen.set(owner, slot + 1);
      return instanceOf(pod, slot, addresses.get(owner));
    });
    return [...instances, ...deployments.items.filter((d) => !seen.has(d.metadata?.name ?? '')).map(podlessOf)];
  }

  /** Images are pushed to the registry outside the orchestrator; the kubelet pulls them. A missing one shows as `ImagePullBackOff`. */
  async hasImage(): Promise<boolean> {
    return true;
  }

  /** The images are in the operator's registry, not the cluster's nodes': the driver lists and removes none (docs/hosting.md#images). */
  async images(): Promise<string[]> {
    return [];
  }

  async removeImage(): Promise<boolean> {
    return true;
  }

  async loadImage(_archive: Readable, ref: string): Promise<void> {
    throw new Error(`image load: the kubernetes driver does not load images; push ${this.imageOf(ref)} to the registry`);
  }

  /** `localhost/<repo>:<tag>` (the deployer's local name) as `<registry>/<repo>:<tag>`. */
  imageOf(ref: string): string {
    return `${this.options.imageRegistry.replace(/\/$/, '')}/${ref.replace(/^localhost\//, '')}`;
  }

  /** Makes sure the deployment's Secret, Deployment and Service exist with one more replica; resolves to the objects' name. */
  async run(req: InstanceRequest): Promise<string> {
    const ctx: ObjectContext = { prefix: this.options.prefix, image: this.imageOf(req.image), imagePullSecret: this.options.imagePullSecret };
    const secret = secretOf(ctx, req);
    const name = secret.metadata!.name!;
    const namespace = this.namespace;
    await this.core.createNamespacedSecret({ namespace, body: secret }).catch(async (err) => {
      if (status(err) !== 409) throw err;
      await this.core.replaceNamespacedSecret({ name, namespace, body: secret });
    });
    await this.apps.createNamespacedDeployment({ namespace, body: deploymentOf(ctx, req.spec, 1) }).catch(async (err) => {
      if (status(err) !== 409) throw err;
      const current = await this.apps.readNamespacedDeployment({ name, namespace });
      const same = current.spec?.template.metadata?.labels?.[Labels.revision] === req.spec.revision;
      const replicas = same ? Math.min(req.spec.replicas, (current.spec?.replicas ?? 0) + 1) : 1;
      const body: V1Deployment = deploymentOf(ctx, req.spec, replicas);
      body.metadata!.resourceVersion = current.metadata?.resourceVersion;
      await this.apps.replaceNamespacedDeployment({ name, namespace, body });
    });
    const service = serviceOf(ctx, req.spec);
    await this.core.createNamespacedService({ namespace, body: service }).catch(async (err) => {
      if (status(err) !== 409) throw err;
      const current = await this.core.readNamespacedService({ name, namespace });
      await this.core.replaceNamespacedService({ name, namespace, body: keepAllocated(service, current) });
    });
    return name;
  }

  /** The ports of the Service of a pod or of an object name (on its cluster DNS name), by container port. */
  async ports(id: string): Promise<Record<number, number>> {
    const pod = await this.pod(id);
    const name = pod?.metadata?.labels?.[Labels.deployment] ?? id;
    try {
      return serviceAddress(await this.core.readNamespacedService({ name, namespace: this.namespace }), this.namespace).ports;
    } catch (err) {
      ignore404(err);
      return {};
    }
  }

  /**
   * A pod: one replica fewer (the objects go with the last one); a pod of another revision than
   * its Deployment's is only deleted. An object name: whichever of its
   * Deployment, Service and Secret carry this stack's labels. Anything else is left alone.
   */
  async remove(idOrName: string): Promise<void> {
    const pod = await this.pod(idOrName);
    if (!pod) return this.removeObjects(idOrName, true);
    const name = pod.metadata?.labels?.[Labels.deployment] ?? '';
    const current = await this.apps.readNamespacedDeployment({ name, namespace: this.namespace }).catch((err) => { ignore404(err); return undefined; });
    // A pod of another revision is left from an earlier Deployment of that name (being garbage-collected): not one of its replicas.
    const sameRevision = current?.spec?.template.metadata?.labels?.[Labels.revision] === pod.metadata?.labels?.[Labels.revision];
    const replicas = (current?.spec?.replicas ?? 0) - 1;
    if (!current || (sameRevision && replicas <= 0)) {
      await this.removeObjects(name);
    } else if (sameRevision) {
      current.spec!.replicas = replicas;
      await this.apps.replaceNamespacedDeployment({ name, namespace: this.namespace, body: current });
    }
    await this.core.deleteNamespacedPod({ name: idOrName, namespace: this.namespace }).catch(ignore404);
  }

  /** Deletes the deployment's objects; with `check`, only those found carrying this stack's labels. */
  private async removeObjects(name: string, check = false): Promise<void> {
    const namespace = this.namespace;
    const ours = async (read: () => Promise<{ metadata?: { labels?: Record<string, string> } }>) => {
      if (!check) return true;
      const labels = (await read().catch((err) => { ignore404(err); return undefined; }))?.metadata?.labels ?? {};
      return labels[Labels.managed] === 'true' && labels[Labels.prefix] === labelValue(this.options.prefix);
    };
    const [deployment, service, secret] = await Promise.all([
      ours(() => this.apps.readNamespacedDeployment({ name, namespace })),
      ours(() => this.core.readNamespacedService({ name, namespace })),
      ours(() => this.core.readNamespacedSecret({ name, namespace })),
    ]);
    if (deployment) await this.apps.deleteNamespacedDeployment({ name, namespace, propagationPolicy: 'Background' }).catch(ignore404);
    if (service) await this.core.deleteNamespacedService({ name, namespace }).catch(ignore404);
    if (secret) await this.core.deleteNamespacedSecret({ name, namespace }).catch(ignore404);
  }

  /** The pod of that name when it is one of this stack's. */
  private async pod(name: string): Promise<V1Pod | undefined> {
    try {
      const pod = await this.core.readNamespacedPod({ name, namespace: this.namespace });
      const labels = pod.metadata?.labels ?? {};
      return labels[Labels.managed] === 'true' && labels[Labels.prefix] === labelValue(this.options.prefix) ? pod : undefined;
    } catch (err) {
      ignore404(err);
      return undefined;
    }
  }

  async exitState(id: string): Promise<ExitState | undefined> {
    const pod = await this.pod(id);
    return pod && exitStateOf(pod);
  }

  /** Runs `command` in the pod's container through the exec endpoint (WebSocket); the exit code comes from its status channel. */
  async exec(id: string, command: string[], timeoutMs: number): Promise<number> {
    const sink = () => new Writable({ write: (_c, _e, done) => done() });
    return new Promise<number>((resolve, reject) => {
      let socket: { close(): void } | undefined;
      let timedOut = false;
      const timer = setTimeout(() => { timedOut = true; socket?.close(); resolve(-1); }, timeoutMs);
      new Exec(this.kc).exec(this.namespace, id, 'microservice', command, sink(), sink(), null, false, (s) => {
        clearTimeout(timer);
        if (s.status === 'Success') return resolve(0);
        const code = s.details?.causes?.find((c) => c.reason === 'ExitCode')?.message;
        resolve(code !== undefined && /^\d+$/.test(code) ? Number(code) : -1);
      }).then((ws) => { socket = ws; if (timedOut) ws.close(); }, (err) => { clearTimeout(timer); reject(err); });
    });
  }

  /**
   * The pod's log lines in `window` (stdout and stderr are one stream in Kubernetes, given as
   * stdout); when the current container has none (it is waiting to restart), the previous one's.
   * A pod that is gone is an error (404).
   */
  async logs(id: string, window: LogWindow): Promise<LogLine[]> {
    const read = async (previous: boolean) => {
      const text = await this.core.readNamespacedPodLog({
        name: id, namespace: this.namespace, timestamps: true, ...(previous ? { previous } : {}),
        ...(window.since ? { sinceSeconds: Math.max(1, Math.ceil((Date.now() - window.since.getTime()) / 1000)) } : {}),
        ...(window.until ? {} : { tailLines: window.limit }),
      });
      return logLines(Buffer.from(text ?? '', 'utf8'), window);
    };
    // 400: the container is waiting (to start, or to restart after a crash), or has no previous one.
    const none = (...codes: number[]) => (err: unknown): LogLine[] => { if (codes.includes(status(err) ?? 0)) return []; throw err; };
    const current = await read(false).catch(none(400));
    return current.length ? current : read(true).catch(none(400, 404));
  }
}

/** A Service to replace `current` with: its cluster IP kept (the API server refuses to change it). */
function keepAllocated(service: V1Service, current: V1Service): V1Service {
  return {
    ...service,
    metadata: { ...service.metadata, resourceVersion: current.metadata?.resourceVersion },
    spec: { ...service.spec, ...(current.spec?.clusterIP ? { clusterIP: current.spec.clusterIP } : {}) },
  };
}
