import { baseConfigSchema, internalPortSchema, managementTenantConfigSchema, urlSchema, z } from '@berth/config';

const ulimit = /^[a-z]+=\d+:\d+$/;
const dnsLabel = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const dnsSubdomain = /^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$/;

export const orchestratorConfigSchema = baseConfigSchema.merge(internalPortSchema(3105)).merge(managementTenantConfigSchema).extend({
  DOCKER_HOST: z.string().regex(/^(unix|tcp|http):\/\//, 'must be unix:///path or tcp://host:port').default('unix:///var/run/docker.sock')
    .describe('The Docker Engine API (Docker or Podman): `unix:///path/to.sock` or `tcp://host:port`.'),
  APPLICATION_REGISTRY_URL: urlSchema.default('http://127.0.0.1:3101')
    .describe('Where the registry is; the orchestrator reads binaries there.'),
  SUBSCRIPTION_URL: urlSchema.default('http://127.0.0.1:3102')
    .describe('Where the subscription app is; the orchestrator reads PER_TENANT service users there.'),
  BERTH_MICROSERVICE_BASEURL: urlSchema.optional()
    .describe('`C8Y_BASEURL` of hosted microservices: an address of the platform their containers can reach, such as the gateway\'s address on `BERTH_DOCKER_NETWORK` (`http://gateway:8080` in compose); default: `BERTH_PUBLIC_URL`.'),
  BERTH_CONTAINER_HOST: z.string().min(1).default('127.0.0.1')
    .describe('The address the gateway and the orchestrator reach the Docker driver\'s published container ports on (published on the engine host\'s loopback). Not used for containers on `BERTH_DOCKER_NETWORK`, nor by the Kubernetes driver, whose microservices are reached by their Services\' cluster DNS names.'),
  BERTH_DOCKER_NETWORK: z.string().regex(/^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/, 'must be a network name').optional()
    .describe('A network of the Docker engine (`docker network ls`) that hosted containers join, the one the gateway and the orchestrator run on: they reach each container at its address there on its own ports, and nothing is published. Unset (the local stack, where the apps run on the engine\'s host), ports are published on the host\'s 127.0.0.1.'),
  BERTH_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(200).max(600_000).default(2000)
    .describe('How often the reconciler compares desired and observed state and probes instances, besides right after each change.'),
  BERTH_DEPLOY_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(4)
    .describe('Attempts of one deploy job (image load, container start) before it counts as a failed start; BullMQ retries them with exponential back-off.'),
  BERTH_DEPLOY_BACKOFF_MS: z.coerce.number().int().min(100).max(600_000).default(1000)
    .describe('The first retry delay of a deploy job; each next one doubles.'),
  BERTH_DEPLOY_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4)
    .describe('Deploy jobs run at once.'),
  BERTH_RESTART_BACKOFF_MS: z.coerce.number().int().min(100).max(600_000).default(1000)
    .describe('The delay before restarting a crashed (or liveness-failed) instance the first time; it doubles with each restart.'),
  BERTH_RESTART_BACKOFF_MAX_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000)
    .describe('The longest delay between restarts of a crash-looping instance.'),
  BERTH_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(10_000)
    .describe('How long the instances of a replaced version keep running after the route moved to the new version, so every gateway has the new route and requests in flight finish (updates without downtime: docs/hosting.md).'),
  BERTH_ROLLOUT_MAX_RESTARTS: z.coerce.number().int().min(1).max(100).default(3)
    .describe('Restarts of a new version\'s instances during an update (crashes, failed liveness probes, failed starts) after which the update fails and the version serving before is activated again.'),
  BERTH_ENDED_INSTANCES_KEPT: z.coerce.number().int().min(0).max(50).default(5)
    .describe('How many ended instances (crashed, restarted, replaced, drained, scaled down) of each application keep their last output after their container is removed; the oldest beyond go (docs/hosting.md#logs-of-ended-instances). 0 keeps none.'),
  BERTH_ENDED_INSTANCE_LOG_BYTES: z.coerce.number().int().min(1024).max(1_048_576).default(65_536)
    .describe('The most output, in bytes of its newest lines, kept of each ended instance.'),
  BERTH_CONTAINER_ULIMITS: z.string().default('nofile=8192:8192,nproc=8192:8192')
    .refine((v) => v === '' || v.split(',').every((p) => ulimit.test(p.trim())), 'must be name=soft:hard, comma-separated')
    .describe('Resource limits of containers, `name=soft:hard` comma-separated; they must be within the engine\'s own hard limits.'),
  BERTH_LAYER_STORE_DIR: z.string().min(1).optional()
    .describe('Where the Docker driver keeps the platform base layers it adds to images packaged without them, each replica its own (platform base layers: docs/microservices.md). Default: `berth-layers` in the system\'s temporary directory.'),
  BERTH_RUNTIME_DRIVER: z.enum(['docker', 'kubernetes']).default('docker')
    .describe('Where hosted microservices run: `docker` (the Docker Engine API at `DOCKER_HOST`) or `kubernetes`.'),
  BERTH_KUBERNETES_NAMESPACE: z.string().regex(dnsLabel, 'must be a DNS-1123 label').default('berth-hosted')
    .describe('The namespace the Kubernetes driver runs hosted microservices in, apart from the platform\'s own; the gateway reaches them there as `<service>.<namespace>.svc` (docs/operations/kubernetes.md).'),
  BERTH_KUBERNETES_KUBECONFIG: z.string().min(1).optional()
    .describe('A kubeconfig file for the Kubernetes driver; unset, it uses the pod\'s service account (in-cluster).'),
  BERTH_KUBERNETES_IMAGE_REGISTRY: z.string().regex(/^[a-z0-9.-]+(:\d+)?(\/[a-z0-9._-]+)*\/?$/, 'must be host[:port][/path]').optional()
    .describe('Registry (and path) the Kubernetes driver\'s images are pulled from, as `host[:port][/path]`.'),
  BERTH_KUBERNETES_IMAGE_PULL_SECRET: z.string().regex(dnsSubdomain, 'must be a Secret name').optional()
    .describe('A Secret of type kubernetes.io/dockerconfigjson in that namespace, for pulling from that registry.'),
}).superRefine((c, ctx) => {
  if (c.BERTH_RUNTIME_DRIVER === 'kubernetes' && !c.BERTH_KUBERNETES_IMAGE_REGISTRY) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['BERTH_KUBERNETES_IMAGE_REGISTRY'], message: 'is required with BERTH_RUNTIME_DRIVER=kubernetes' });
  }
});
export type OrchestratorConfig = z.infer<typeof orchestratorConfigSchema>;
