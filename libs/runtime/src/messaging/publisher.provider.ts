import { Inject, Injectable, OnApplicationShutdown, Provider } from '@nestjs/common';
import type { Kafka } from 'kafkajs';
import { Publisher } from '@berth/messaging';
import { KAFKA } from '../clients/kafka.provider';

/** Injection token of the app's one idempotent Kafka producer. */
export const PUBLISHER = Symbol('PUBLISHER');

@Injectable()
class PublisherShutdown implements OnApplicationShutdown {
  constructor(@Inject(PUBLISHER) private readonly publisher: Publisher) {}
  async onApplicationShutdown() {
    await this.publisher.disconnect();
  }
}

export const publisherProviders: Provider[] = [
  { provide: PUBLISHER, inject: [KAFKA], useFactory: (kafka: Kafka) => new Publisher(kafka) },
  PublisherShutdown,
];
