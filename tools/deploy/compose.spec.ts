// Static checks of docker-compose.yml and the Dockerfile: no Docker needed, so they run with the unit tests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const root = join(__dirname, '..', '..');
const INFRA = ['mongo', 'kafka', 'redis'];
const APPS = ['gateway', 'application-registry', 'subscription', 'tenant-options', 'sms-adapter', 'microservice-orchestrator'];
const SECRETS = ['BERTH_INTERNAL_KEY', 'BERTH_ADMIN_PASSWORD', 'BERTH_SECRETS_KEY'];

// merge: true resolves the `<<: *env` keys the way compose does.
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
const services: Record<string, any> = compose.services;

/** The infra an app needs, from the connection settings in its environment. */
function infraUsedBy(env: Record<string, unknown>): string[] {
  return [
    'MONGODB_URI' in env && 'mongo',
    'KAFKA_BROKERS' in env && 'kafka',
    'REDIS_URL' in env && 'redis',
  ].filter((s): s is string => Boolean(s));
}

describe('docker-compose.yml', () => {
  it('defines the infra and the six apps', () => {
    expect(Object.keys(services).sort()).toEqual([...INFRA, ...APPS].sort());
  });

  it.each(APPS)('builds %s from the Dockerfile with APP set to its name', (app) => {
    const build = services[app].build;
    expect(build.context).toBe('.');
    expect(build.dockerfile ?? 'Dockerfile').toBe('Dockerfile');
    expect(build.args.APP).toBe(app);
    expect(services[app].image).toBe(`berth/${app}:latest`);
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
      }
    }
    expect(seen).toBeGreaterThanOrEqual(APPS.length);
  });

  it('runs mongo as a replica set and kafka as a KRaft controller', () => {
    expect(services.mongo.command).toContain('--replSet');
    expect(services.kafka.environment.KAFKA_PROCESS_ROLES.split(',')).toContain('controller');
  });

  it.each(APPS)('starts %s only after the infra it uses is healthy', (app) => {
    const { environment, depends_on: dependsOn } = services[app];
    const needed = infraUsedBy(environment);
    expect(needed.length).toBeGreaterThan(0);
    for (const infra of needed) expect(dependsOn[infra]).toEqual({ condition: 'service_healthy' });
  });

  it('starts the gateway after the internal apps', () => {
    for (const app of APPS.filter((a) => a !== 'gateway')) {
      expect(services.gateway.depends_on[app]).toEqual({ condition: 'service_healthy' });
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');

  it('builds on Node 24 and picks the app with ARG APP', () => {
    expect(dockerfile).toMatch(/^FROM node:24\S*/m);
    expect(dockerfile).toMatch(/^ARG APP$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
  });
});
