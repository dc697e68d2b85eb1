import { MongoClient } from 'mongodb';

/**
 * The store finds a document by `_id` through an index, not by reading the collection. Stock
 * FerretDB 1.24 on SQLite reads the whole table; the infra builds it with a fix
 * (tools/infra/components.sh, patch_ferretdb_id_lookups).
 */
describe('the local store', () => {
  let client: MongoClient;
  const dbName = `${process.env.BERTH_TEST_DB_PREFIX ?? 'berthtest'}_store_${process.pid}`;

  beforeAll(async () => {
    client = await new MongoClient(process.env.MONGODB_URI!).connect();
    await client.db(dbName).collection('docs').insertMany([{ _id: 'a' as never }, { _id: 'b' as never }]);
  });
  afterAll(async () => {
    await client.db(dbName).dropDatabase();
    await client.close();
  });

  it('looks documents up by _id through the _id index', async () => {
    const plan = await client.db(dbName).collection('docs').find({ _id: 'a' as never }).explain();
    const build = await client.db('admin').command({ buildInfo: 1 });
    if (build.ferretdbVersion) {
      expect(JSON.stringify(plan.queryPlanner)).toMatch(/SEARCH \S+ USING INDEX \S+__id_/);
    } else {
      expect(JSON.stringify(plan.queryPlanner)).toMatch(/IDHACK|IXSCAN|EXPRESS/);
    }
  });
});
