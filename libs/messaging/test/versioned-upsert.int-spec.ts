import { randomBytes } from 'node:crypto';
import { Collection, CommandStartedEvent, MongoClient } from 'mongodb';
import { isFerretDb, upsertUnlessNewer } from '../src';

interface Row { _id: string; version: number; value: string; updates?: number }

describe('upsertUnlessNewer on the real store', () => {
  let client: MongoClient;
  let rows: Collection<Row>;
  const commands: CommandStartedEvent[] = [];
  const dbName = `${process.env.BERTH_TEST_DB_PREFIX ?? 'berthtest'}_upsert_${randomBytes(4).toString('hex')}`;
  const set = (version: number, value = `v${version}`) => ({ $set: { version, value } });

  beforeAll(async () => {
    client = await new MongoClient(process.env.MONGODB_URI!, { monitorCommands: true }).connect();
    client.on('commandStarted', (e) => commands.push(e));
    rows = client.db(dbName).collection<Row>('rows');
  });
  afterAll(async () => {
    await client.db(dbName).dropDatabase();
    await client.close();
  });

  it('inserts a missing row, applies a newer or equal version, and refuses an older one', async () => {
    expect(await upsertUnlessNewer(rows, 'a', 'version', 2, set(2))).toBe(true);
    expect(await upsertUnlessNewer(rows, 'a', 'version', 1, set(1))).toBe(false);
    expect(await rows.findOne({ _id: 'a' })).toEqual({ _id: 'a', version: 2, value: 'v2' });
    expect(await upsertUnlessNewer(rows, 'a', 'version', 2, set(2, 'again'))).toBe(true);
    expect(await upsertUnlessNewer(rows, 'a', 'version', 5, set(5))).toBe(true);
    expect(await rows.findOne({ _id: 'a' })).toEqual({ _id: 'a', version: 5, value: 'v5' });
  });

  it('applies to a row that has no counter yet (made by another write)', async () => {
    await rows.insertOne({ _id: 'b', value: 'made elsewhere' } as Row);
    expect(await upsertUnlessNewer(rows, 'b', 'version', 1, set(1))).toBe(true);
    expect(await rows.findOne({ _id: 'b' })).toEqual({ _id: 'b', version: 1, value: 'v1' });
  });

  it('ends with the newest of concurrent changes to one row, whatever their order', async () => {
    const versions = [7, 3, 9, 1, 8, 2, 10, 4, 6, 5, 10, 1];
    const results = await Promise.all(versions.map((v) => upsertUnlessNewer(rows, 'c', 'version', v, { $set: { version: v, value: `v${v}` }, $inc: { updates: 1 } })));
    const row = await rows.findOne({ _id: 'c' });
    expect({ version: row?.version, value: row?.value }).toEqual({ version: 10, value: 'v10' });
    expect(row?.updates).toBe(results.filter(Boolean).length);
  });

  it('on FerretDB reads and writes by a bare _id, the only filter FerretDB answers from an index', async () => {
    commands.length = 0;
    await upsertUnlessNewer(rows, 'd', 'version', 1, set(1));
    await upsertUnlessNewer(rows, 'd', 'version', 0, set(0));
    const filters = commands.filter((c) => c.commandName === 'find' || c.commandName === 'update')
      .map((c) => (c.commandName === 'find' ? c.command.filter : c.command.updates[0].q));
    const ferret = await isFerretDb(client.db(dbName));
    expect(ferret).toBe(typeof (await client.db(dbName).command({ buildInfo: 1 })).ferretdbVersion === 'string');
    if (ferret) expect(filters.map((f) => Object.keys(f))).toEqual([['_id'], ['_id'], ['_id']]);
    else expect(filters.every((f) => Object.keys(f).length === 2)).toBe(true);
  });
});
