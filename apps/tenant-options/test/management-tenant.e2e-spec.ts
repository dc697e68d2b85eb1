import mongoose from 'mongoose';
import { testStack } from '@berth/testing';
import { PasswordHasher } from '../src/identity/infrastructure/password-hasher';

describe('management tenant bootstrap', () => {
  it('created management/admin with the configured password, hashed', async () => {
    const conn = await mongoose.createConnection(process.env.MONGODB_URI!, {
      dbName: `${process.env.BERTH_TEST_DB_PREFIX}_tenant_options`,
    }).asPromise();
    try {
      const tenant = await conn.collection('tenants').findOne({ _id: 'management' as never });
      const admin = await conn.collection('users').findOne({ tenant: 'management', userName: 'admin' });
      expect(tenant).toMatchObject({ domain: 'management', status: 'ACTIVE' });
      expect(admin!.passwordHash).not.toContain(testStack.adminPassword);
      await expect(new PasswordHasher().verify(testStack.adminPassword, admin!.passwordHash)).resolves.toBe(true);
      expect(admin!.roles).toContain('ROLE_APPLICATION_MANAGEMENT_ADMIN');
    } finally {
      await conn.close();
    }
  });
});
