// Static checks of docker-compose.yml, the Dockerfile and .dockerignore: no container engine
// needed, so they run with the unit tests. `npm run test:deploy` runs the image for real.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { z } from 'zod';
import { registryConfigSchema } from '../../apps/application-registry/src/config/application-registry.env';
import { gatewayConfigSchema } from '../../apps/gateway/src/config/gateway.env';
import { orchestratorConfigSchema } from '../../apps/microservice-orchestrator/src/config/microservice-orchestrator.env';
import { smsAdapterConfigSchema } from '../../apps/sms-adapter/src/config/sms-adapter.env';
import { subscriptionConfigSchema } from '../../apps/subscription/src/config/subscription.env';
import { tenantOptionsConfigSchema } from '../../apps/tenant-options/src/config/tenant-options.env';

const { appServices, interpolate, loadCompose, serviceEnvironment } = require('./compose-file');

const root = join(__dirname, '..', '..');
const INFRA = ['mongo', 'kafka', 'redis'];
const SECRETS = ['BERTH_INTERNAL_KEY', 'BERTH_ADMIN_PASSWORD', 'BERTH_SECRETS_KEY'];
/** Each app's own config schema, the one it validates its environment with at start-up. */
const SCHEMAS: Record<string, z.ZodTypeAny> = {
  'gateway': gatewayConfigSchema,
  'application-registry': registryConfigSchema,
  'subscription': subscriptionConfigSchema,
  'tenant-options': tenantOptionsConfigSchema,
  'sms-adapter': smsAdapterConfigSchema,
  'microservice-orchestrator': orchestratorConfigSchema,
};
const APPS = Object.keys(SCHEMAS);
/** What an operator's .env holds: the secrets compose requires, nothing else. */
const OPERATOR_ENV = { BERTH_INTERNAL_KEY: 'i'.repeat(32), BERTH_SECRETS_KEY: 'a1'.repeat(32), BERTH_ADMIN_PASSWORD: 'operator-password' };

const compose = loadCompose();
const services: Record<string, any> = compose.services;
const envOf = (app: string): Record<string, string> => serviceEnvironment(compose, app, OPERATOR_ENV);

/** The settings of a schema, whatever refinements wrap it. */
function settingsOf(schema: z.ZodTypeAny): string[] {
  let s: any = schema;
  while (s._def.schema) s = s._def.schema;
  return Object.keys(s.shape);
}

/** Addresses others use to reach the platform from outside (clients, SMS providers' webhooks), never used inside a container. */
const PUBLIC = ['BERTH_PUBLIC_URL', 'BERTH_SMS_WEBHOOK_URL'];
/** Settings naming where another service is: its URL, URI or host, and the Kafka brokers. */
const isAddress = (key: string) => !PUBLIC.includes(key) && /(_URL|_URI|_BASEURL|_HOST|^KAFKA_BROKERS)$/.test(key);

/** The host names in an address setting's value (none for a unix socket). */
function hostsIn(key: string, value: string): string[] {
  if (value.startsWith('unix://')) return [];
  const authority = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?([^/?#]+)/i.exec(value)?.[1] ?? (key.endsWith('_HOST') || key === 'KAFKA_BROKERS' ? value : '');
  return authority.split(',').map((hostPort) => {
    const bracketed = /^\[([^\]]+)\]/.exec(hostPort.trim());
    return bracketed ? bracketed[1] : hostPort.trim().replace(/:\d+$/, '');
  }).filter(Boolean);
}

const isLoopback = (host: string) => host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1' || host === '0:0:0:0:0:0:0:1';

/**
 * Why an app's environment would leave it unable to reach a service from inside its container:
 * an address setting its schema reads that is not set (it would fall back to the local stack's
 * 127.0.0.1), or one that names loopback (the container itself).
 */
function addressProblems(app: string, env: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const key of settingsOf(SCHEMAS[app]).filter(isAddress)) {
    // Containers on the Docker driver's network are reached at their own address there.
    if (key === 'BERTH_CONTAINER_HOST' && env.BERTH_DOCKER_NETWORK) continue;
    const value = env[key];
    if (!value) { problems.push(`${key} is not set`); continue; }
    for (const host of hostsIn(key, value)) if (isLoopback(host)) problems.push(`${key}=${value} names loopback`);
  }
  return problems;
}

describe('docker-compose.yml', () => {
  it('defines the infra and the six apps', () => {
    expect(Object.keys(services).sort()).toEqual([...INFRA, ...APPS].sort());
    expect(appServices(compose).sort()).toEqual([...APPS].sort());
  });

  it.each(APPS)('runs %s from the one image built from the Dockerfile, picked by BERTH_APP', (app) => {
    const { build, image, environment } = services[app];
    expect(build.context).toBe('.');
    expect(build.dockerfile ?? 'Dockerfile').toBe('Dockerfile');
    expect(build.args).toBeUndefined();
    expect(interpolate(image, {})).toBe('berth:latest');
    expect(environment.BERTH_APP).toBe(app);
  });

  it.each(APPS)('gives %s an environment its own config schema accepts', (app) => {
    const parsed = SCHEMAS[app].safeParse(envOf(app));
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  });

  it.each(APPS)('sets every address %s reads, and none of them is loopback', (app) => {
    expect(addressProblems(app, envOf(app))).toEqual([]);
  });

  it('finds an address left out or pointing at loopback', () => {
    const { TENANT_OPTIONS_URL: _left, ...withoutTenantOptions } = envOf('sms-adapter');
    expect(addressProblems('sms-adapter', withoutTenantOptions)).toEqual(['TENANT_OPTIONS_URL is not set']);
    expect(addressProblems('gateway', { ...envOf('gateway'), SMS_ADAPTER_URL: 'http://localhost:3104' }))
      .toEqual(['SMS_ADAPTER_URL=http://localhost:3104 names loopback']);
    expect(addressProblems('application-registry', { ...envOf('application-registry'), KAFKA_BROKERS: 'kafka:9092,127.0.0.1:9092' }))
      .toEqual(['KAFKA_BROKERS=kafka:9092,127.0.0.1:9092 names loopback']);
    expect(addressProblems('subscription', { ...envOf('subscription'), MONGODB_URI: 'mongodb://u:p@[::1]:27017/' }))
      .toEqual(['MONGODB_URI=mongodb://u:p@[::1]:27017/ names loopback']);
    const { BERTH_DOCKER_NETWORK: _network, ...published } = envOf('microservice-orchestrator');
    expect(addressProblems('microservice-orchestrator', published)).toEqual(['BERTH_CONTAINER_HOST is not set']);
  });

  it('puts hosted microservices on the compose network and has them call the gateway there', () => {
    const env = envOf('microservice-orchestrator');
    expect(env.BERTH_DOCKER_NETWORK).toBe(interpolate(compose.networks.default.name, {}));
    expect(hostsIn('BERTH_MICROSERVICE_BASEURL', env.BERTH_MICROSERVICE_BASEURL)).toEqual(['gateway']);
    expect(env.BERTH_MICROSERVICE_BASEURL).toBe(`http://gateway:${envOf('gateway').BERTH_PORT}`);
  });

  it('publishes a port for the gateway only', () => {
    const withPorts = Object.keys(services).filter((s) => services[s].ports);
    expect(withPorts).toEqual(['gateway']);
    expect(services.gateway.ports).toEqual(['${BERTH_PORT:-8080}:8080']);
  });

  it('takes every secret from the environment and refuses to start without it', () => {
    let seen = 0;
    for (const app of APPS) {
      for (const [key, value] of Object.entries<unknown>(services[app].environment)) {
        if (!SECRETS.includes(key)) continue;
        seen++;
        expect(value).toMatch(new RegExp(`^\\$\\{${key}:\\?[^}]+\\}$`));
        expect(() => serviceEnvironment(compose, app, { ...OPERATOR_ENV, [key]: '' })).toThrow(`required variable ${key}`);
      }
    }
    expect(seen).toBeGreaterThanOrEqual(APPS.length);
  });

  it('runs mongo as a replica set and kafka as a KRaft controller', () => {
    expect(services.mongo.command).toContain('--replSet');
    expect(services.kafka.environment.KAFKA_PROCESS_ROLES.split(',')).toContain('controller');
  });

  it.each(APPS)('starts %s only after the infra is healthy', (app) => {
    for (const infra of INFRA) expect(services[app].depends_on[infra]).toEqual({ condition: 'service_healthy' });
  });

  it('starts the gateway after the internal apps', () => {
    for (const app of APPS.filter((a) => a !== 'gateway')) {
      expect(services.gateway.depends_on[app]).toEqual({ condition: 'service_healthy' });
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');

  it('builds every stage on BASE, Node 24 on Debian by default, and runs as node', () => {
    expect(dockerfile).toMatch(/^ARG BASE=node:24-bookworm-slim$/m);
    const froms = dockerfile.match(/^FROM .*$/gm) ?? [];
    expect(froms.length).toBeGreaterThan(0);
    for (const from of froms) expect(from).toMatch(/^FROM \$\{BASE\}( AS \w+)?$/);
    expect(dockerfile).toMatch(/^USER node$/m);
  });

  it('leaves the app to the container: no build argument or ENV names one', () => {
    expect(dockerfile).not.toMatch(/^ARG APP/m);
    expect(dockerfile).not.toMatch(/^ENV .*BERTH_APP/m);
  });

  describe('its CMD, run in a folder shaped like the image\'s /app', () => {
    const cmd: string[] = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]);
    let app: string;

    beforeAll(() => {
      app = mkdtempSync(join(tmpdir(), 'berth-cmd-'));
      writeFileSync(join(app, 'apps.json'), readFileSync(join(root, 'tools', 'stack', 'apps.json')));
      mkdirSync(join(app, 'dist', 'apps', 'sms-adapter', 'src'), { recursive: true });
      writeFileSync(join(app, 'dist', 'apps', 'sms-adapter', 'src', 'main.js'), 'console.log(JSON.stringify({ argv: process.execArgv, pid1: process.ppid }))');
    });
    afterAll(() => rmSync(app, { recursive: true, force: true }));

    const run = (env: Record<string, string>) => spawnSync(cmd[0], cmd.slice(1), { cwd: app, env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });

    it('starts the app BERTH_APP names with its Node flags from the app table', () => {
      const result = run({ BERTH_APP: 'sms-adapter' });
      expect(result.status).toBe(0);
      const flags = JSON.parse(readFileSync(join(root, 'tools', 'stack', 'apps.json'), 'utf8')).find((a: any) => a.name === 'sms-adapter').nodeFlags;
      expect(JSON.parse(result.stdout).argv).toEqual(flags);
    });

    it.each([[''], ['gatewayz']])('refuses BERTH_APP=%j, naming the apps', (value) => {
      const result = run({ BERTH_APP: value });
      expect(result.status).toBe(64);
      expect(result.stderr).toContain(`BERTH_APP must be one of: ${APPS.filter((a) => a !== 'gateway').join(', ')}, gateway`);
    });
  });
});

describe('.dockerignore', () => {
  const ignored = readFileSync(join(root, '.dockerignore'), 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));

  it.each(['.env', '*.env', 'berth.env', 'k8s/overlays/*/secrets.env', '.local', 'node_modules', 'dist'])('keeps %s out of the build context', (pattern) => {
    expect(ignored).toContain(pattern);
  });

  it('keeps an .env anywhere in the tree out, but not the config schemas named *.env.ts', () => {
    expect(ignored).toEqual(expect.arrayContaining(['**/.env', '**/*.env']));
    expect(execFileSync('git', ['ls-files', '*.env.ts'], { cwd: root, encoding: 'utf8' }).trim().split('\n').length).toBe(APPS.length);
  });
});
