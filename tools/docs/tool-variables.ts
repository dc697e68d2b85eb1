/** A variable read by the project's scripts (tools/), not by an app's config schema. */
export interface ToolVariable {
  /** The variable, or several that belong together. */
  names: string[];
  /** What happens when it is unset, as the reader sees it. */
  default: string;
  /** The commands that read it. */
  readBy: string;
  description: string;
}

/**
 * The one list of the variables the scripts read (bash under tools/ and the Node scripts beside it);
 * docs/configuration.md renders it next to the apps' variables. Add a row with the variable.
 */
export const TOOL_VARIABLES: readonly ToolVariable[] = [
  {
    names: ['BERTH_LOCAL'], default: '`.local`', readBy: 'every script',
    description: 'The one folder for local installs (Node, Kafka, FerretDB, Redis, Podman), their data, logs and generated secrets.',
  },
  {
    names: ['BERTH_ADMIN_PASSWORD', 'BERTH_INTERNAL_KEY', 'BERTH_SECRETS_KEY'], default: 'generated', readBy: '`npm start`',
    description: 'Taken from the environment when set; otherwise generated once and kept under `.local/secrets`, so that restarts keep them.',
  },
  {
    names: ['<APP>_PORT'], default: 'the app\'s `PORT` default', readBy: '`npm start`',
    description: 'An internal app\'s port in the local stack, e.g. `TENANT_OPTIONS_PORT`; passed to the app as `PORT`, and to the gateway as the app\'s URL.',
  },
  {
    names: ['BERTH_GATEWAY_REPLICAS'], default: '`1`', readBy: '`npm start`, `npm run status`',
    description: 'How many gateways the local stack runs side by side, 1–10: gateway i (from 0) listens on `BERTH_PORT` + 10·i and serves its metrics on `BERTH_METRICS_PORT` + 10·i; the first logs to `.local/logs/gateway.log`, the others to `gateway-2.log`, `gateway-3.log`… The web console is installed, and hosted containers reach the platform, through the first (docs/getting-started.md).',
  },
  {
    names: ['BERTH_STARTUP_TIMEOUT_MS'], default: '`60000`', readBy: '`npm start`',
    description: 'How long an app may take to report UP on `/health`.',
  },
  {
    names: ['BERTH_LOG_TO_CONSOLE'], default: 'unset', readBy: '`npm start`',
    description: '`1` prints the apps\' log lines on the console as well as into `.local/logs`.',
  },
  {
    names: ['BERTH_KAFKA_PORT', 'BERTH_KAFKA_CONTROLLER_PORT'], default: '`9192`, `9193`', readBy: '`npm run infra`, `npm start`, `npm test`',
    description: 'The local Kafka\'s listener and KRaft controller ports.',
  },
  {
    names: ['BERTH_KAFKA_HEAP'], default: '`512m`', readBy: '`npm run infra`, `npm start`, `npm test`',
    description: 'The local Kafka\'s JVM heap.',
  },
  {
    names: ['BERTH_MONGO_PORT'], default: '`27127`', readBy: '`npm run infra`, `npm start`, `npm test`',
    description: 'The local FerretDB\'s port.',
  },
  {
    names: ['BERTH_REDIS_PORT'], default: '`6389`', readBy: '`npm run infra`, `npm start`, `npm test`',
    description: 'The local Redis\'s port.',
  },
  {
    names: ['BERTH_PODMAN_SOCKET'], default: '`.local/podman/podman.sock`', readBy: '`npm run infra`, `npm start`, `npm test`',
    description: 'The Docker-compatible API socket of the local Podman; the orchestrator\'s `DOCKER_HOST` points at it.',
  },
  {
    names: ['BERTH_CNI_LEASES'], default: '`/var/lib/cni/networks/podman`', readBy: '`npm run infra`',
    description: 'Podman\'s CNI IP leases, read before the engine starts to remove what containers of a dead engine left behind.',
  },
  {
    names: ['MALLOC_MMAP_THRESHOLD_'], default: '`1048576`', readBy: 'every app (set by the scripts and the image)',
    description: 'glibc serves allocations of this many bytes or more with mmap and hands them back when freed, so scrypt\'s 16 MB buffers do not stay in malloc\'s arenas (docs/benchmarks/malloc.md).',
  },
  {
    names: ['BERTH_URL', 'BERTH_USER', 'BERTH_PASSWORD'], default: '`http://localhost:8080`, none, none', readBy: '`npm run microservice`',
    description: 'The gateway the microservice CLI talks to, and the credentials (`tenant/user`) it acts with (docs/cli.md).',
  },
  {
    names: ['XDG_CACHE_HOME'], default: '`~/.cache`', readBy: '`npm run microservice -- package`, `npm run package:microservice`',
    description: 'Packaging keeps the compressed Node runtime layer of microservice images in `berth/layers` under it, so that the layer is compressed once per Node binary (docs/microservices.md).',
  },
  {
    names: ['BERTH_TEST_PORT_BASE'], default: '`18100`', readBy: '`npm test`, the benchmarks, `npm run test:faults`, `npm run test:fuzz`',
    description: 'Base of the test stack\'s ports (apps at base+1…+5, gateway at +80); every benchmark and run of its own uses a range above it (docs/testing.md).',
  },
  {
    names: ['BERTH_SOAK'], default: 'unset', readBy: 'Jest',
    description: '`1` adds the long `*.soak-spec.ts` runs to the integration project (`npm run test:sms-restart` sets it).',
  },
  {
    names: ['BERTH_PYTHON'], default: '`python3`', readBy: '`npm run test:fuzz`',
    description: 'The Python (3.10 or newer) the fuzzer\'s venv is made with.',
  },
  {
    names: ['BERTH_SCHEMATHESIS'], default: '`.local/fuzz/venv/bin/st`', readBy: '`npm run test:fuzz`',
    description: 'The schemathesis command to run instead of the one installed from `tools/fuzz/requirements.txt`.',
  },
  {
    names: ['BERTH_FAULTS_LOCAL'], default: '`.local/faults`', readBy: '`npm run test:faults`',
    description: 'Folder of the fault run\'s own Kafka, FerretDB and Redis (data, logs, pid files) and of its apps\' logs.',
  },
  {
    names: ['BERTH_FAULTS_INFRA_PORT_BASE'], default: '`29092`', readBy: '`npm run test:faults`',
    description: 'Ports of the fault run\'s own infra: Kafka at base, its controller at +1, FerretDB at +2, Redis at +3.',
  },
  {
    names: ['BERTH_DOCS_WRITE'], default: 'unset', readBy: '`npm run docs:config`',
    description: '`1` makes the configuration reference\'s spec write docs/configuration.md instead of comparing it.',
  },
];
