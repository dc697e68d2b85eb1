import { getConnectionToken } from '@nestjs/mongoose';
import { MONGO_CONNECTION } from './mongo-connection';

describe('MONGO_CONNECTION', () => {
  it('is the token @nestjs/mongoose provides the default connection under', () => {
    expect(MONGO_CONNECTION).toBe(getConnectionToken());
  });
});
