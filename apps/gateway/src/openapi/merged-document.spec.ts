import { DomainError } from '@berth/http';
import { MergedDocument } from './merged-document';

describe('MergedDocument', () => {
  let now: number;
  let reads: number;
  let fail: boolean;
  const read = async () => {
    reads += 1;
    if (fail) throw new DomainError('general', 'Service Unavailable', 'down');
    return [{ paths: { [`/read${reads}`]: {} } }];
  };
  const make = () => new MergedDocument(read, (parts) => ({ paths: parts[0].paths }), 60_000, () => now);

  beforeEach(() => { now = 0; reads = 0; fail = false; });

  it('reads the parts once per TTL, and again after it', async () => {
    const document = make();
    expect(JSON.parse(await document.body()).paths).toHaveProperty('/read1');
    now = 59_999;
    expect(JSON.parse(await document.body()).paths).toHaveProperty('/read1');
    now = 60_000;
    expect(JSON.parse(await document.body()).paths).toHaveProperty('/read2');
  });

  it('shares one read among concurrent requests', async () => {
    const document = make();
    await Promise.all([document.body(), document.body(), document.body()]);
    expect(reads).toBe(1);
  });

  it('passes a failed read on (the 503) without caching it, and recovers on the next request', async () => {
    const document = make();
    fail = true;
    await expect(document.body()).rejects.toMatchObject({ status: 503 });
    fail = false;
    expect(JSON.parse(await document.body()).paths).toHaveProperty('/read2');
  });
});
