import { EventEmitter } from 'node:events';
import pino from 'pino';
import { filterShape, watchSlowCommands } from './slow-commands';

describe('filterShape', () => {
  it('keeps field names and operators and hides every value', () => {
    expect(filterShape('find', { find: 'apps', filter: { _id: 'secret', 'owner.tenant': { $in: ['t1', 't2'] }, n: { a: 1 } } }))
      .toBe('{"_id":"?","owner.tenant":{"$in":"?"},"n":"?"}');
    expect(filterShape('find', { find: 'c', filter: { $or: [{ a: 1 }, { b: { $ne: 2 } }], l: { $elemMatch: { x: 'v' } } } }))
      .toBe('{"$or":[{"a":"?"},{"b":{"$ne":"?"}}],"l":{"$elemMatch":{"x":"?"}}}');
  });

  it('reads the filter where each command keeps it', () => {
    expect(filterShape('update', { update: 'c', updates: [{ q: { _id: 1 }, u: { $set: { x: 1 } } }] })).toBe('{"_id":"?"}');
    expect(filterShape('delete', { delete: 'c', deletes: [{ q: { at: { $lt: new Date() } } }] })).toBe('{"at":{"$lt":"?"}}');
    expect(filterShape('count', { count: 'c', query: { 'x.id': { $exists: true } } })).toBe('{"x.id":{"$exists":"?"}}');
    expect(filterShape('aggregate', { aggregate: 'c', pipeline: [{ $match: { a: 1 } }, { $count: 'n' }] })).toBe('["$match","$count"]');
    expect(filterShape('insert', { insert: 'c', documents: [{}, {}] })).toBe('2 documents');
  });
});

describe('watchSlowCommands', () => {
  it('logs only commands at or over the threshold, with their name, collection and shape', () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const client = new EventEmitter();
    watchSlowCommands(client as never, logger, 50);
    client.emit('commandStarted', { requestId: 1, commandName: 'find', command: { find: 'apps', filter: { name: 'x' } } });
    client.emit('commandStarted', { requestId: 2, commandName: 'find', command: { find: 'apps', filter: { _id: 'y' } } });
    client.emit('commandSucceeded', { requestId: 1, duration: 49.9 });
    client.emit('commandFailed', { requestId: 2, duration: 80.2 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'slow store command', store: { command: 'find', collection: 'apps', shape: '{"_id":"?"}', ms: 80 } });
  });
});
