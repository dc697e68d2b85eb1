import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

/** A user the broker knows, by SASL mechanism. */
export interface BrokerUser { username: string; password: string }

export interface SecureBroker {
  /** `127.0.0.1:<port>` of its SASL_SSL listener. */
  broker: string;
  /** PEM file of the CA that signed the broker's certificate. */
  caFile: string;
  scramUser: BrokerUser;
  plainUser: BrokerUser;
  /** The broker's own log, for a failure's message. */
  log(): string;
  stop(): Promise<void>;
}

/**
 * A one-node KRaft Kafka of its own with a single SASL_SSL listener (SCRAM-SHA-512 and PLAIN) on
 * `port` and its controller on `port + 1`, from the jars tools/infra installed. Everything it
 * needs is made in a temporary folder at start: a CA and a broker certificate signed by it
 * (openssl), the SCRAM credentials (written at format time), the PLAIN users (in the listener's
 * JAAS settings). `stop()` stops the process and removes the folder.
 */
export function startSecureBroker(port: number): SecureBroker {
  const libs = join(process.env.BERTH_LOCAL ?? join(ROOT, '.local'), 'kafka', 'libs');
  if (!existsSync(libs)) throw new Error(`no Kafka jars in ${libs}: tools/infra installs them`);
  const dir = mkdtempSync(join(tmpdir(), 'berth-secure-kafka-'));
  const file = (name: string) => join(dir, name);
  const secret = () => randomBytes(12).toString('hex');
  const storePassword = secret();
  const interBroker: BrokerUser = { username: 'broker', password: secret() };
  const scramUser: BrokerUser = { username: 'berth', password: secret() };
  const plainUser: BrokerUser = { username: 'berth-plain', password: secret() };

  const java = ['-XX:TieredStopAtLevel=1', `-Dlog4j2.configurationFile=${join(ROOT, 'tools', 'infra', 'kafka', 'log4j2.properties')}`, '-cp', `${libs}/*`];
  try {
    const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '1', '-subj', '/CN=berth test CA');
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'broker.key', '-out', 'broker.csr', '-subj', '/CN=localhost');
    writeFileSync(file('broker.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
    openssl('x509', '-req', '-in', 'broker.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'broker.pem', '-days', '1', '-extfile', 'broker.ext');
    openssl('pkcs12', '-export', '-in', 'broker.pem', '-inkey', 'broker.key', '-certfile', 'ca.pem', '-out', 'broker.p12', '-passout', `pass:${storePassword}`);

    const jaas = (module: string, extra = '') => `org.apache.kafka.common.security.${module} required username="${interBroker.username}" password="${interBroker.password}"${extra};`;
    writeFileSync(file('server.properties'), [
      'process.roles=broker,controller', 'node.id=1', `controller.quorum.voters=1@127.0.0.1:${port + 1}`,
      `listeners=SASL_SSL://127.0.0.1:${port},CONTROLLER://127.0.0.1:${port + 1}`, `advertised.listeners=SASL_SSL://127.0.0.1:${port}`,
      'controller.listener.names=CONTROLLER', 'listener.security.protocol.map=CONTROLLER:PLAINTEXT,SASL_SSL:SASL_SSL', 'inter.broker.listener.name=SASL_SSL',
      'sasl.enabled.mechanisms=SCRAM-SHA-512,PLAIN', 'sasl.mechanism.inter.broker.protocol=SCRAM-SHA-512',
      `listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config=${jaas('scram.ScramLoginModule')}`,
      `listener.name.sasl_ssl.plain.sasl.jaas.config=${jaas('plain.PlainLoginModule', ` user_${interBroker.username}="${interBroker.password}" user_${plainUser.username}="${plainUser.password}"`)}`,
      'ssl.keystore.type=PKCS12', `ssl.keystore.location=${file('broker.p12')}`, `ssl.keystore.password=${storePassword}`, `ssl.key.password=${storePassword}`,
      // The broker checks its own keystore against its trust store at start-up.
      'ssl.truststore.type=PEM', `ssl.truststore.location=${file('ca.pem')}`,
      `log.dirs=${file('data')}`, 'num.partitions=1', 'auto.create.topics.enable=false', 'group.initial.rebalance.delay.ms=0',
      'offsets.topic.replication.factor=1', 'offsets.topic.num.partitions=1', 'transaction.state.log.replication.factor=1', 'transaction.state.log.min.isr=1',
      'share.coordinator.state.topic.replication.factor=1', 'share.coordinator.state.topic.min.isr=1',
      // The log cleaner allocates its dedupe buffer (128 MiB by default) at start-up: too much of a 256 MiB heap.
      'log.cleaner.dedupe.buffer.size=8388608',
    ].join('\n'));

    // A cluster id is 16 random bytes in URL-safe base64; made here, it saves a JVM start. Given as
    // --cluster-id=…, since one that starts with `-` would read as an option.
    const clusterId = randomBytes(16).toString('base64url');
    const scram = (user: BrokerUser) => ['--add-scram', `SCRAM-SHA-512=[name=${user.username},password=${user.password}]`];
    execFileSync('java', [...java, 'kafka.tools.StorageTool', 'format', `--cluster-id=${clusterId}`, '-c', file('server.properties'), ...scram(interBroker), ...scram(scramUser)], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }

  const logFile = file('broker.log');
  const out = openSync(logFile, 'a');
  const child: ChildProcess = spawn('java', ['-Xms128m', '-Xmx256m', ...java, 'kafka.Kafka', file('server.properties')], { stdio: ['ignore', out, out] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    broker: `127.0.0.1:${port}`, caFile: file('ca.pem'), scramUser, plainUser,
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
