import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import { Kafka, KafkaConfig, logCreator, logLevel, RetryOptions, SASLOptions } from 'kafkajs';
import type { BaseConfig } from '@berth/config';

/** The variables of an app's config that say how to reach Kafka (libs/config's base schema). */
export type KafkaConnectionConfig = Pick<BaseConfig,
  'KAFKA_BROKERS' | 'KAFKA_SSL' | 'KAFKA_SSL_CA_FILE' | 'KAFKA_SSL_CERT_FILE' | 'KAFKA_SSL_KEY_FILE' | 'KAFKA_SASL_MECHANISM' | 'KAFKA_SASL_USERNAME' | 'KAFKA_SASL_PASSWORD'>;

export interface KafkaClientOptions {
  clientId: string;
  logLevel?: logLevel;
  logCreator?: logCreator;
  /** How the client retries connecting and requests; kafkajs's defaults when absent. */
  retry?: RetryOptions;
}

/**
 * The one way the project makes a kafkajs client from an app's config: brokers, TLS (the
 * broker's certificate is always verified, against the CA file when one is given, else the CAs
 * Node.js trusts) and SASL. Files are read here, so an unreadable one stops the app at start-up.
 * @throws Error naming the variable whose file cannot be read.
 */
export function createKafkaClient(config: KafkaConnectionConfig, options: KafkaClientOptions): Kafka {
  const kafkaConfig: KafkaConfig = {
    clientId: options.clientId,
    brokers: config.KAFKA_BROKERS,
    logLevel: options.logLevel ?? logLevel.WARN,
    ...(options.logCreator ? { logCreator: options.logCreator } : {}),
    ...(options.retry ? { retry: options.retry } : {}),
    ...(config.KAFKA_SSL ? { ssl: tlsOptions(config) } : {}),
    ...(config.KAFKA_SASL_MECHANISM ? { sasl: saslOptions(config) } : {}),
  };
  return new Kafka(kafkaConfig);
}

function tlsOptions(config: KafkaConnectionConfig): ConnectionOptions | true {
  const tls: ConnectionOptions = { rejectUnauthorized: true };
  if (config.KAFKA_SSL_CA_FILE) tls.ca = pem('KAFKA_SSL_CA_FILE', config.KAFKA_SSL_CA_FILE);
  if (config.KAFKA_SSL_CERT_FILE && config.KAFKA_SSL_KEY_FILE) {
    tls.cert = pem('KAFKA_SSL_CERT_FILE', config.KAFKA_SSL_CERT_FILE);
    tls.key = pem('KAFKA_SSL_KEY_FILE', config.KAFKA_SSL_KEY_FILE);
  }
  return tls;
}

function saslOptions(config: KafkaConnectionConfig): SASLOptions {
  const { KAFKA_SASL_MECHANISM: mechanism, KAFKA_SASL_USERNAME: username, KAFKA_SASL_PASSWORD: password } = config;
  // loadConfig refuses a mechanism without both; this guards callers that build the config by hand.
  if (!username || !password) throw new Error(`KAFKA_SASL_MECHANISM=${mechanism} needs KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD`);
  switch (mechanism) {
    case 'plain': return { mechanism, username, password };
    case 'scram-sha-256': return { mechanism, username, password };
    case 'scram-sha-512': return { mechanism, username, password };
    default: throw new Error(`unknown KAFKA_SASL_MECHANISM ${String(mechanism)}`);
  }
}

function pem(variable: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`${variable}: cannot read ${file}: ${(err as Error).message}`);
  }
}
