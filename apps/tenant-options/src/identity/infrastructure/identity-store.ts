import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { TenantRecord, UserRecord } from './identity-records';

export const USERS = 'users';
export const TENANTS = 'tenants';

/** The identity collections, with the indexes their listings and unique rules need. */
@Injectable()
export class IdentityStore implements OnModuleInit {
  readonly users: Collection<UserRecord>;
  readonly tenants: Collection<TenantRecord>;

  constructor(@InjectConnection() connection: Connection) {
    this.users = connection.db!.collection<UserRecord>(USERS);
    this.tenants = connection.db!.collection<TenantRecord>(TENANTS);
  }

  async onModuleInit() {
    await this.users.createIndex({ tenant: 1, userName: 1 });
    await this.users.createIndex({ userName: 1 }); // a microservice's service users in every tenant (ServiceUserRenewal)
    await this.tenants.createIndex({ domain: 1 }, { unique: true });
    await this.tenants.createIndex({ domainLabel: 1 });
  }
}
