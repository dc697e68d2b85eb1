// npm run test:deploy: the one image, for real. Builds it with Podman on a locally made base
// (tools/deploy/base-image.js; no registry needed), runs the six apps from it on a Podman network,
// each with its environment from docker-compose.yml, deploys the example microservice through the
// gateway with the CLI, calls it through /service/<name>, and sends an SMS to a local SMPP SMSC.
// Removes its containers, network, image, databases and topics at the end, whatever happened.
//
// What differs from compose, and why:
// - Kafka, MongoDB (FerretDB) and Redis are the local stack's, which listen on the host's loopback
//   only (and Kafka names 127.0.0.1 to its clients): each app container gets them on its own
//   127.0.0.1 through tools/deploy/loopback-bridge.js, with its own database and topic prefix.
// - This Podman's networks have no DNS: each app container is given the others' names in its
//   /etc/hosts, and hosted microservices get the gateway's address as C8Y_BASEURL.
// - The shared Podman socket is root's alone, so the orchestrator runs as root here.
// Options: --port-base (default BERTH_TEST_PORT_BASE or 18100): the gateway is published on
// 127.0.0.1:<base+70>, the SMSC listens on <base+71>.
const { execFileSync, spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const net = require('node:net');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { parseArgs } = require('node:util');
const { Kafka, logLevel } = require('kafkajs');
const { MongoClient } = require('mongodb');
const { appServices, loadCompose, serviceEnvironment } = require('./compose-file');
const { baseImage } = require('./base-image');
const { splice } = require('./loopback-bridge');
const { startSmsc } = require('../bench/sms-smsc');
const { Platform } = require('../cli/platform');

const ROOT = join(__dirname, '..', '..');
const LOCAL = process.env.BERTH_LOCAL || join(ROOT, '.local');
const { values: args } = parseArgs({ options: { 'port-base': { type: 'string', default: process.env.BERTH_TEST_PORT_BASE || '18100' } } });
const gatewayPort = Number(args['port-base']) + 70;
const smscPort = Number(args['port-base']) + 71;

const id = `smoke${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const image = `localhost/berth-${id}:latest`;
const baseRef = `localhost/berth-base-${id}:node24`;
const network = `berth-${id}`;
const secrets = { BERTH_INTERNAL_KEY: randomBytes(32).toString('base64url'), BERTH_SECRETS_KEY: randomBytes(32).toString('hex'), BERTH_ADMIN_PASSWORD: randomBytes(12).toString('base64url') };
const ULIMITS = ['--ulimit', 'nofile=8192:8192', '--ulimit', 'nproc=8192:8192'];
const infra = Object.fromEntries(readFileSync(join(LOCAL, 'infra.env'), 'utf8').split('\n').filter(Boolean).map((l) => l.split(/=(.*)/s).slice(0, 2)));
const podmanEnv = { ...process.env, CONTAINERS_CONF: join(LOCAL, 'podman', 'containers.conf'), CONTAINERS_STORAGE_CONF: join(LOCAL, 'podman', 'storage.conf') };
const podman = (...argv) => execFileSync('podman', argv, { env: podmanEnv, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] }).trim();

const steps = [];
/** Runs one step, printing its name, then its duration (and its detail) when done. */
async function step(name, fn) {
  const started = Date.now();
  process.stdout.write(`[deploy] ${name} ...\n`);
  try {
    const detail = await fn();
    const seconds = (Date.now() - started) / 1000;
    steps.push({ name, seconds });
    process.stdout.write(`[deploy] ${name}: ok in ${seconds.toFixed(1)} s${detail ? ` (${detail})` : ''}\n`);
    return detail;
  } catch (err) {
    process.stdout.write(`[deploy] ${name}: FAILED after ${((Date.now() - started) / 1000).toFixed(1)} s: ${err.message}\n`);
    throw err;
  }
}

async function eventually(what, fn, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      const value = await fn();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${what} within ${timeoutMs / 1000} s${last ? `: ${last.message}` : ''}`);
}

function run(cmd, argv, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${argv.join(' ')} exited with ${code}:\n${out.slice(-3000)}`))));
  });
}

/** The host's side of the loopback bridges: <dir>/<port>.sock to the host's 127.0.0.1:<port>. */
function hostBridges(dir, ports) {
  return ports.map((port) => net.createServer((c) => splice(c, net.connect(port, '127.0.0.1'))).listen(join(dir, `${port}.sock`)));
}

/** Starts the loopback bridge in the network namespace of a created (not yet started) container. */
function containerBridge(container, dir, ports) {
  const pid = podman('inspect', '--format', '{{.State.Pid}}', container);
  const child = spawn('nsenter', ['-t', pid, '-n', process.execPath, join(__dirname, 'loopback-bridge.js'), dir, ...ports.map(String)], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (d) => { err += d; });
    child.stdout.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`loopback bridge for ${container} exited with ${code}: ${err}`)));
  });
}

const portOf = (url) => Number(new URL(url).port);

async function main() {
  const compose = loadCompose();
  const apps = appServices(compose);
  const work = mkdtempSync(join(tmpdir(), `berth-${id}-`));
  const bridges = [];
  const hostedImages = [];
  let smsc;
  const cleanup = async () => {
    await step('clean up', async () => {
      const mine = podman('ps', '-aq', '--filter', `label=io.berth.prefix=${id}`).split('\n').filter(Boolean);
      const appContainers = apps.map((a) => `${id}-${a}`);
      await Promise.all([...appContainers, ...mine].map((c) => run('podman', ['rm', '-f', '--ignore', '-t', '5', c], podmanEnv)));
      for (const b of bridges) b.kill();
      for (const ref of [network]) { try { podman('network', 'rm', '-f', ref); } catch { /* not created */ } }
      for (const ref of [image, baseRef]) { try { podman('rmi', '-f', ref); } catch { /* not built */ } }
      // The orchestrator's name for the binary's image; the image stays while others name it too.
      for (const ref of hostedImages) { try { podman('rmi', ref); } catch { /* named elsewhere */ } }
      await smsc?.stop();
      await dropData();
      rmSync(work, { recursive: true, force: true });
      return `${apps.length} app and ${mine.length} hosted containers, network, image, databases and topics ${id}*`;
    });
  };
  const started = Date.now();
  try {
    await step('package the example microservice', async () => {
      const out = await run('bash', ['tools/berth', 'package', 'examples/hello-microservice']);
      return /\S+\.zip/.exec(out)?.[0];
    });
    await step('make the local base image', () => {
      const tar = join(work, 'base.tar');
      writeFileSync(tar, baseImage(baseRef));
      podman('load', '-q', '-i', tar);
      return baseRef;
    });
    await step('build the one image (podman build)', async () => {
      // The npm cache is mounted as an overlay: npm ci reads it and writes to a throw-away layer.
      const cache = execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim();
      await run('podman', ['build', '--format', 'docker', '--layers=false', '--build-arg', `BASE=${baseRef}`, ...ULIMITS, '-v', `${cache}:/root/.npm:O`, '-t', image, '.'], podmanEnv);
      return `${image}, ${(Number(podman('image', 'inspect', '--format', '{{.Size}}', image)) / 1e6).toFixed(0)} MB`;
    });
    const net_ = {};
    await step('create the Podman network', () => {
      podman('network', 'create', network);
      const [subnet] = JSON.parse(podman('network', 'inspect', network))[0].subnets;
      Object.assign(net_, { gateway: subnet.gateway, prefix: subnet.subnet.replace(/\.0\/24$/, '') });
      return `${network}, ${subnet.subnet}`;
    });
    const ip = Object.fromEntries(apps.map((a, i) => [a, `${net_.prefix}.${10 + i}`]));
    const gatewayIp = ip.gateway;
    const infraPorts = [portOf(infra.MONGODB_URI), Number(infra.KAFKA_BROKERS.split(':').pop()), portOf(infra.REDIS_URL)];
    await step('start the six apps from the image', async () => {
      hostBridges(work, infraPorts);
      for (const app of apps) {
        const env = {
          ...serviceEnvironment(compose, app, secrets),
          // The local stack's infra, on the container's own loopback (see the top of this file).
          MONGODB_URI: infra.MONGODB_URI, KAFKA_BROKERS: infra.KAFKA_BROKERS, REDIS_URL: infra.REDIS_URL,
          BERTH_DB_PREFIX: id, BERTH_TOPIC_PREFIX: `${id}.`,
          ...(app === 'microservice-orchestrator' ? { BERTH_DOCKER_NETWORK: network, BERTH_MICROSERVICE_BASEURL: `http://${gatewayIp}:8080` } : {}),
          ...(app === 'sms-adapter' ? { BERTH_OUTBOUND_ALLOW_HOSTS: `${net_.gateway}:${smscPort}` } : {}),
        };
        const envFile = join(work, `${app}.env`);
        writeFileSync(envFile, Object.entries(env).map(([k, v]) => `${k}=${v}`).join('\n'), { mode: 0o600 });
        const name = `${id}-${app}`;
        podman('create', '--name', name, '--network', network, '--ip', ip[app], ...apps.flatMap((a) => ['--add-host', `${a}:${ip[a]}`]),
          '--env-file', envFile, '--label', `io.berth.smoke=${id}`, ...ULIMITS,
          ...(app === 'microservice-orchestrator' ? ['--user', '0', '-v', `${infra.DOCKER_HOST.replace('unix://', '')}:/var/run/docker.sock`] : []),
          ...(app === 'gateway' ? ['-p', `127.0.0.1:${gatewayPort}:8080`] : []),
          image);
        podman('init', name);
        bridges.push(await containerBridge(name, work, infraPorts));
        podman('start', name);
      }
      await Promise.all(apps.map((app) => eventually(`${app} healthy`, async () => {
        const port = compose.services[app].environment.PORT ?? compose.services[app].environment.BERTH_PORT;
        return (await fetch(`http://${ip[app]}:${port}/health`, { signal: AbortSignal.timeout(2000) })).ok;
      }, 120000).catch((err) => { throw new Error(`${err.message}\n${podman('logs', '--tail', '30', `${id}-${app}`)}`); })));
      return apps.map((a) => `${a} ${ip[a]}`).join(', ');
    });
    await step('start the SMSC on the host\'s address on the network (it exists once a container joined)', async () => {
      smsc = await startSmsc(smscPort, 'smoke', net_.gateway);
      return `${net_.gateway}:${smscPort}`;
    });
    const url = `http://127.0.0.1:${gatewayPort}`;
    const admin = new Platform(url, 'management/admin', secrets.BERTH_ADMIN_PASSWORD);
    await step('deploy the example microservice with the CLI (tools/berth microservice deploy)', async () => {
      await run('bash', ['tools/berth', 'microservice', 'deploy', join(ROOT, 'dist', 'microservices', 'hello-microservice.zip'), '--url', url, '--timeout', '240'],
        { ...process.env, BERTH_USER: 'management/admin', BERTH_PASSWORD: secrets.BERTH_ADMIN_PASSWORD });
      const [container] = JSON.parse(podman('ps', '--format', 'json', '--filter', `label=io.berth.prefix=${id}`));
      hostedImages.push(container.Image);
      const networks = Object.keys(JSON.parse(podman('inspect', container.Id))[0].NetworkSettings.Networks);
      if (networks.join() !== network) throw new Error(`the hosted container is on ${networks.join()}, not ${network}`);
      if (container.Ports?.length) throw new Error(`the hosted container publishes ${JSON.stringify(container.Ports)}`);
      return `${container.Names[0]} on ${network}, no port published`;
    });
    await step('call it through the gateway: GET /service/hello-microservice/hello', async () => {
      const res = await admin.request('/service/hello-microservice/hello?who=compose', { accept: '*/*' });
      if (res.status !== 200 || !String(res.body).includes('hello compose!')) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
      return `${res.status} ${String(res.body).trim()}`;
    });
    await step('send an SMS to the SMSC', async () => {
      const adminPass = `Pw-${randomBytes(8).toString('hex')}`;
      const tenant = await admin.request('/tenant/tenants', { method: 'POST', body: { company: 'Smoke', domain: `${id}.example.com`, adminName: 'boss', adminPass, adminEmail: 'boss@example.com' } });
      if (tenant.status !== 201) throw new Error(`tenant: ${tenant.status} ${JSON.stringify(tenant.body)}`);
      const boss = new Platform(url, `${tenant.body.id}/boss`, adminPass);
      const sender = '+4915112345678';
      const config = await boss.request('/service/messaging/providers/configuration', {
        method: 'PUT', body: { provider: 'smpp', senderAddress: sender, settings: { host: net_.gateway, port: String(smscPort), systemId: tenant.body.id, password: 'smoke' } },
      });
      if (config.status !== 200) throw new Error(`provider configuration: ${config.status} ${JSON.stringify(config.body)}`);
      const text = `smoke ${id}`;
      const sent = await boss.request(`/service/messaging/smsmessaging/outbound/${encodeURIComponent(`tel:${sender}`)}/requests`, {
        method: 'POST', body: { outboundSMSMessageRequest: { address: ['tel:+4917612345678'], senderAddress: `tel:${sender}`, outboundSMSTextMessage: { message: text } } },
      });
      if (sent.status !== 201) throw new Error(`send: ${sent.status} ${JSON.stringify(sent.body)}`);
      await eventually('the SMSC received the text', () => smsc.arrivals.has(text), 60000);
      return `"${text}" arrived at ${net_.gateway}:${smscPort}`;
    });
  } finally {
    await cleanup().catch((err) => process.stdout.write(`[deploy] clean up incomplete: ${err.message}\n`));
    process.stdout.write(`[deploy] ${steps.length} steps done in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  }
}

/** Drops the run's databases and topics from the shared FerretDB and Kafka. */
async function dropData() {
  const client = new MongoClient(infra.MONGODB_URI);
  try {
    const { databases } = await client.db().admin().listDatabases();
    for (const { name } of databases.filter((d) => d.name.startsWith(`${id}_`))) await client.db(name).dropDatabase();
  } finally {
    await client.close();
  }
  const admin = new Kafka({ clientId: id, brokers: infra.KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(`${id}.`));
    if (topics.length > 0) await admin.deleteTopics({ topics, timeout: 10000 });
  } finally {
    await admin.disconnect();
  }
}

main().then(() => process.exit(0), (err) => { console.error(`[deploy] failed: ${err.message}`); process.exit(1); });
