import { baseConfigSchema, internalPortSchema, urlSchema, z } from '@berth/config';

const ulimit = /^[a-z]+=\d+:\d+$/;

export const orchestratorConfigSchema = baseConfigSchema.merge(internalPortSchema(3105)).extend({
  /** The management tenant: its users read every microservice's status. */
  BERTH_MANAGEMENT_TENANT: z.string().regex(/^[a-z][a-z0-9-]{1,31}$/).default('management'),
  /** The Docker Engine API (Docker or Podman): `unix:///path/to.sock` or `tcp://host:port`. */
  DOCKER_HOST: z.string().regex(/^(unix|tcp|http):\/\//, 'must be unix:///path or tcp://host:port').default('unix:///var/run/docker.sock'),
  /** Where the registry is; the orchestrator reads binaries there. */
  APPLICATION_REGISTRY_URL: urlSchema.default('http://127.0.0.1:3101'),
  /** `C8Y_BASEURL` of hosted microservices: an address of the platform their containers can reach (default: the public URL). */
  BERTH_MICROSERVICE_BASEURL: urlSchema.optional(),
  /** The address the gateway reaches containers' published ports on (they are published on loopback only). */
  BERTH_CONTAINER_HOST: z.string().min(1).default('127.0.0.1'),
  /** How often the reconciler compares desired and observed state and probes instances, besides right after each change. */
  BERTH_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(200).max(600_000).default(2000),
  /** Resource limits of containers, `name=soft:hard` comma-separated; they must be within the engine's own hard limits. */
  BERTH_CONTAINER_ULIMITS: z.string().default('nofile=8192:8192,nproc=8192:8192')
    .refine((v) => v === '' || v.split(',').every((p) => ulimit.test(p.trim())), 'must be name=soft:hard, comma-separated'),
});
export type OrchestratorConfig = z.infer<typeof orchestratorConfigSchema>;
