import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { ensureIndexes } from '@berth/messaging';
import type { EndedInstance } from '../domain/ended-instance';

/** What a listing of ended instances holds: everything but their output. */
export type EndedInstanceSummary = Omit<EndedInstance, 'lines' | 'cut'>;

/**
 * The kept output of ended instances (`endedInstances`), bounded per application: each new one
 * drops the application's oldest beyond the newest `kept`. In MongoDB, so it outlives a restart and
 * every replica reads the same.
 */
@Injectable()
export class EndedInstancesStore implements OnModuleInit {
  private readonly ended: Collection<EndedInstance>;

  constructor(@InjectConnection() connection: Connection) {
    this.ended = connection.db!.collection<EndedInstance>('endedInstances');
  }

  async onModuleInit() {
    await ensureIndexes(this.ended, [{ key: { applicationId: 1, endedAt: -1 }, name: 'application_ended' }]);
  }

  /** Keeps `instance`, then drops the application's ended instances beyond the newest `kept`. */
  async keep(instance: EndedInstance, kept: number): Promise<void> {
    await this.ended.replaceOne({ _id: instance._id }, instance, { upsert: true });
    const beyond = await this.ended.find({ applicationId: instance.applicationId }, { projection: { _id: 1 } })
      .sort({ endedAt: -1, _id: -1 }).skip(kept).toArray();
    if (beyond.length) await this.ended.deleteMany({ _id: { $in: beyond.map((e) => e._id) } });
  }

  /** The application's ended instances of `deploymentIds`, newest first, without their output. */
  list(applicationId: string, deploymentIds: string[]): Promise<EndedInstanceSummary[]> {
    return this.ended.find({ applicationId, deploymentId: { $in: deploymentIds } }, { projection: { lines: 0, cut: 0 } })
      .sort({ endedAt: -1, _id: -1 }).toArray();
  }

  /** One ended instance of the application by its name, if one of `deploymentIds`. */
  find(applicationId: string, name: string, deploymentIds: string[]): Promise<EndedInstance | null> {
    return this.ended.findOne({ applicationId, name, deploymentId: { $in: deploymentIds } });
  }

  /** Forgets the ended instances of a deleted application. */
  async forget(applicationId: string): Promise<void> {
    await this.ended.deleteMany({ applicationId });
  }
}
