import { Inject, Injectable, OnApplicationShutdown, Provider } from '@nestjs/common';
import { Admin, Kafka, logLevel } from 'kafkajs';
import { Logger } from 'pino';
import type { BaseConfig } from '@berth/config';
import { createKafkaClient, setTopicPrefix, stopKafkajsIdleLoop } from '@berth/messaging';
import { APP_INFO, AppInfo, BASE_CONFIG } from '../app-info';
import { HealthIndicator } from '../health/health-indicator';
import { PINO } from '../logging/pino.token';

/** Injection token of the app's kafkajs client; producers and consumers are made from it. */
export const KAFKA = Symbol('KAFKA');

const LEVELS: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error', [logLevel.WARN]: 'warn', [logLevel.INFO]: 'info', [logLevel.DEBUG]: 'debug',
};

export const kafkaProvider: Provider = {
  provide: KAFKA,
  inject: [BASE_CONFIG, APP_INFO, PINO],
  useFactory: (cfg: BaseConfig, app: AppInfo, pino: Logger) => {
    setTopicPrefix(cfg.BERTH_TOPIC_PREFIX);
    if (!stopKafkajsIdleLoop()) pino.warn('kafkajs is not the version its idle-loop fix was written for: left unfixed (each idle connection wakes the process every millisecond)');
    return createKafkaClient(cfg, {
      clientId: app.name,
      logLevel: logLevel.WARN,
      logCreator: () => ({ namespace, level, log }) => {
        const { message, ...extra } = log;
        pino[LEVELS[level] ?? 'info']({ context: `kafkajs:${namespace}`, ...extra }, message);
      },
    });
  },
};

/**
 * UP while the cluster answers a metadata request on the health check's own admin connection.
 * The connection is kept between checks; one attempt at a time, so that a check cut off by the
 * health timeout (a slow TLS or SASL handshake) does not leave another connection behind.
 */
@Injectable()
export class KafkaHealth implements HealthIndicator, OnApplicationShutdown {
  readonly name = 'kafka';
  private admin?: Promise<Admin>;
  constructor(@Inject(KAFKA) private readonly kafka: Kafka) {}

  async check() {
    const connecting = (this.admin ??= this.connect());
    try {
      const cluster = await (await connecting).describeCluster();
      if (cluster.brokers.length === 0) throw new Error('no brokers');
    } catch (err) {
      if (this.admin === connecting) this.admin = undefined;
      await connecting.then((admin) => admin.disconnect()).catch(() => undefined);
      throw err;
    }
  }

  async onApplicationShutdown() {
    await this.admin?.then((admin) => admin.disconnect()).catch(() => undefined);
  }

  private async connect(): Promise<Admin> {
    const admin = this.kafka.admin({ retry: { retries: 0 } });
    await admin.connect();
    return admin;
  }
}
