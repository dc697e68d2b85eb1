import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { SendSms } from '@berth/contracts';
import { isDuplicateKey } from '@berth/messaging';
import { Outbox } from '@berth/runtime';
import { UserRecord } from './identity-records';

/** The pending SMS pin of a user; `_id` is `<tenant>/<userName>`. Only a hash of the pin is kept. */
interface PinChallenge { _id: string; tenant: string; pinHash?: string; expiresAt: Date; version: number }

export const TFA_PINS = 'tfaPins';
const PIN_SECONDS = 300;

const hash = (id: string, pin: string) => createHash('sha256').update(`${id}\n${pin}`).digest();

/** SMS pins for two-factor logins: each new pin replaces the last and is sent as a `SendSms` command on `sms.cmd.send.v1`. */
@Injectable()
export class TfaPins implements OnModuleInit {
  private readonly pins: Collection<PinChallenge>;

  constructor(@InjectConnection() connection: Connection, private readonly outbox: Outbox) {
    this.pins = connection.db!.collection<PinChallenge>(TFA_PINS);
  }

  async onModuleInit() {
    await this.pins.createIndex({ expiresAt: 1 });
  }

  /** Makes a new 6-digit pin for the user and sends it to the user's phone, valid for 5 minutes. */
  async send(user: UserRecord & { phone: string }, now = Date.now()): Promise<void> {
    const pin = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(now + PIN_SECONDS * 1000);
    const existing = await this.pins.findOne({ _id: user._id });
    const version = (existing?.version ?? 0) + 1;
    const message = {
      contract: SendSms,
      fields: {
        tenantId: user.tenant, aggregateId: user._id, aggregateVersion: version,
        payload: { tenant: user.tenant, userName: user.userName, phoneNumber: user.phone, text: `Your verification code is ${pin}`, purpose: 'tfa-pin', expiresAt: expiresAt.toISOString() },
      },
    };
    const fields = { tenant: user.tenant, pinHash: hash(user._id, pin).toString('base64'), expiresAt, version };
    if (existing) {
      await this.outbox.updateOne(this.pins, { _id: user._id, version: existing.version }, { $set: fields }, [message]);
      return;
    }
    try {
      await this.outbox.insertOne(this.pins, { _id: user._id, ...fields }, [message]);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  /** Whether `pin` is the user's current pin; a matching pin is used up. */
  async consume(userId: string, pin: string, now = Date.now()): Promise<boolean> {
    const challenge = await this.pins.findOne({ _id: userId });
    if (!challenge?.pinHash || challenge.expiresAt.getTime() <= now || !/^\d{6}$/.test(pin)) return false;
    if (!timingSafeEqual(Buffer.from(challenge.pinHash, 'base64'), hash(userId, pin))) return false;
    const used = await this.pins.updateOne({ _id: userId, version: challenge.version, pinHash: challenge.pinHash }, { $unset: { pinHash: '' } });
    return used.modifiedCount === 1;
  }
}
