// The fault run's own Kafka, FerretDB and Redis: tools/infra's scripts on a folder and ports of
// their own (never the infra other runs share), so that stopping one of them harms nobody else.
// The jars and the FerretDB binary already installed under the parent folder are linked, not
// fetched again; Podman stays the shared engine (only the run's own containers are touched).
const { execFileSync } = require('node:child_process');
const { existsSync, mkdirSync, rmSync, symlinkSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..', '..');
const INFRA = join(ROOT, 'tools', 'infra', 'infra');
const COMPONENTS = ['kafka', 'ferretdb', 'redis'];

/** Links `from` (under the parent folder) at `to` when the parent has it and `to` does not exist. */
function linkIfPresent(from, to) {
  if (!existsSync(from) || existsSync(to)) return;
  mkdirSync(join(to, '..'), { recursive: true });
  symlinkSync(from, to);
}

/**
 * An infra instance in `dir` on ports `portBase` (Kafka), +1 (its controller), +2 (FerretDB),
 * +3 (Redis). `up()` starts all three with empty data; `stop(c)` and `start(c)` act on one;
 * `down()` stops all three. `env` holds the connection variables the apps need.
 */
function ownInfra({ dir, portBase, parentLocal, log }) {
  const ports = { kafka: portBase, controller: portBase + 1, mongo: portBase + 2, redis: portBase + 3 };
  const scriptEnv = { ...process.env, BERTH_LOCAL: dir, BERTH_KAFKA_PORT: String(ports.kafka), BERTH_KAFKA_CONTROLLER_PORT: String(ports.controller), BERTH_MONGO_PORT: String(ports.mongo), BERTH_REDIS_PORT: String(ports.redis) };
  // Connection settings of the shared infra must not leak in: MONGODB_URI would make the script skip FerretDB.
  for (const name of ['MONGODB_URI', 'KAFKA_BROKERS', 'REDIS_URL']) delete scriptEnv[name];
  const run = (command, components) => {
    log(`infra ${command} ${components.join(' ')} (${dir})`);
    execFileSync('bash', [INFRA, command, ...components], { env: scriptEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  };
  return {
    ports,
    env: { KAFKA_BROKERS: `127.0.0.1:${ports.kafka}`, MONGODB_URI: `mongodb://127.0.0.1:${ports.mongo}/?maxPoolSize=1`, REDIS_URL: `redis://127.0.0.1:${ports.redis}` },
    up() {
      for (const data of ['kafka/data', 'ferretdb/data', 'redis']) rmSync(join(dir, data), { recursive: true, force: true });
      linkIfPresent(join(parentLocal, 'kafka', 'libs'), join(dir, 'kafka', 'libs'));
      linkIfPresent(join(parentLocal, 'bin', 'ferretdb'), join(dir, 'bin', 'ferretdb'));
      linkIfPresent(join(parentLocal, 'bin', 'ferretdb.build'), join(dir, 'bin', 'ferretdb.build'));
      run('up', COMPONENTS);
    },
    stop: (component) => run('down', [component]),
    start: (component) => run('up', [component]),
    down: () => run('down', COMPONENTS),
  };
}

module.exports = { ownInfra };
