import { MongoClient } from 'mongodb';

/**
 * The store finds a document by `_id` through an index, not by reading the collection, also when
 * the filter has more conditions than `_id`. Stock FerretDB 1.24 on SQLite reads the whole table
 * for both; the infra builds it with two fixes (tools/infra/components.sh, patch_ferretdb_id_lookups
 * and patch_ferretdb_id_narrowing).
 */
describe('the local store', () => {
  let client: MongoClient;
  const dbName = `${process.env.BERTH_TEST_DB_PREFIX ?? 'berthtest'}_store_${process.pid}`;

  beforeAll(async () => {
    client = await new MongoClient(process.env.MONGODB_URI!).connect();
    await client.db(dbName).collection('docs').insertMany([{ _id: 'a' as never, n: 1, tags: ['x'] }, { _id: 'b' as never, n: 2, tags: ['y'] }]);
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

  it('narrows a filter naming `_id` and more to that document through the index, and still applies the rest', async () => {
    const docs = client.db(dbName).collection('docs');
    const plan = await docs.find({ _id: 'a' as never, n: 1 }).explain();
    const build = await client.db('admin').command({ buildInfo: 1 });
    expect(JSON.stringify(plan.queryPlanner)).toMatch(build.ferretdbVersion ? /SEARCH \S+ USING INDEX \S+__id_/ : /IDHACK|IXSCAN|EXPRESS/);

    expect(await docs.find({ _id: 'a' as never, n: 1 }).toArray()).toEqual([{ _id: 'a', n: 1, tags: ['x'] }]);
    expect(await docs.find({ _id: 'a' as never, n: 2 }).toArray()).toEqual([]);
    expect(await docs.countDocuments({ _id: 'b' as never, $or: [{ n: 2 }, { n: 3 }] })).toBe(1);
    expect(await docs.countDocuments({ _id: 'b' as never, tags: 'x' })).toBe(0);
    expect((await docs.updateOne({ _id: 'a' as never, n: 2 }, { $set: { n: 9 } })).matchedCount).toBe(0);
    expect((await docs.updateOne({ _id: 'a' as never, n: 1 }, { $set: { n: 3 } })).modifiedCount).toBe(1);
    expect((await docs.findOneAndUpdate({ _id: 'a' as never, n: 1 }, { $set: { n: 4 } }))).toBeNull();
    expect((await docs.deleteOne({ _id: 'b' as never, n: 1 })).deletedCount).toBe(0);
    expect(await docs.find({}).sort({ _id: 1 }).toArray()).toEqual([{ _id: 'a', n: 3, tags: ['x'] }, { _id: 'b', n: 2, tags: ['y'] }]);
  });
});
