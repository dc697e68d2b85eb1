import { parsePageQuery, QueryParams } from './page-query';
import { restrictedPage, restrictedScanLimit } from './restricted-page';

/** An in-memory collection of `size` numbered documents that records how far each request read it. */
function collection(size: number) {
  const docs = Array.from({ length: size }, (_, i) => ({ n: i }));
  const source = {
    read: 0,
    closed: 0,
    async *open(offset: number) {
      try {
        for (const doc of docs.slice(offset)) {
          source.read++;
          yield doc;
        }
      } finally {
        source.closed++;
      }
    },
  };
  return source;
}

const base = { baseUrl: 'https://berth.example.com', path: '/inventory/managedObjects' };
const positionIn = (link: string) => Number(new URL(link).searchParams.get('currentPage'));

async function request(source: ReturnType<typeof collection>, query: QueryParams, accessible: (d: { n: number }) => boolean | Promise<boolean>) {
  source.read = 0;
  return restrictedPage({ ...base, query, page: parsePageQuery(query), open: (o) => source.open(o), accessible });
}

describe('restrictedPage', () => {
  it('scans at most 10 × max(pageSize, 100) documents', () => {
    expect(restrictedScanLimit(5)).toBe(1000);
    expect(restrictedScanLimit(100)).toBe(1000);
    expect(restrictedScanLimit(2000)).toBe(20000);
  });

  it('returns fewer than pageSize items when the scan limit runs out, and resumes where it stopped', async () => {
    const source = collection(3000);
    const every500th = (d: { n: number }) => d.n % 500 === 0;
    const first = await request(source, { pageSize: '5', withTotalPages: 'true', type: 'c8y_Device' }, every500th);
    expect(first.items.map((d) => d.n)).toEqual([0, 500]);
    expect(source.read).toBeLessThanOrEqual(1000);
    expect(first.statistics).toEqual({ pageSize: 5, currentPage: 1001, totalPages: null });
    expect(first.next).toBe('https://berth.example.com/inventory/managedObjects?withTotalPages=true&type=c8y_Device&pageSize=5&currentPage=1001');
    expect(first.prev).toBeUndefined();

    const second = await request(source, { pageSize: '5', currentPage: String(positionIn(first.next!)) }, every500th);
    expect(second.items.map((d) => d.n)).toEqual([1000, 1500]);
    expect(second.statistics.currentPage).toBe(2001);
    expect(second.prev).toContain('currentPage=1');

    const third = await request(source, { pageSize: '5', currentPage: '2001' }, every500th);
    expect(third.items.map((d) => d.n)).toEqual([2000, 2500]);
    expect(third.next).toContain('currentPage=3001');
    const past = await request(source, { pageSize: '5', currentPage: '3001' }, every500th);
    expect(past.items).toEqual([]);
    expect(past.next).toBeUndefined();
    expect(past.statistics.totalPages).toBeNull();
  });

  it('stops at a full page, and following next links yields every accessible document once', async () => {
    const source = collection(250);
    const odd = async (d: { n: number }) => d.n % 2 === 1;
    const seen: number[] = [];
    let query: QueryParams = { pageSize: '7' };
    for (let pages = 0; pages < 100; pages++) {
      const page = await request(source, query, odd);
      expect(page.items.length).toBeLessThanOrEqual(7);
      seen.push(...page.items.map((d) => d.n));
      if (!page.next) break;
      query = { pageSize: '7', currentPage: String(positionIn(page.next)) };
    }
    expect(seen).toEqual(Array.from({ length: 125 }, (_, i) => 2 * i + 1));
  });

  it('counts the position after the last document taken, not after the one it peeked at', async () => {
    const source = collection(20);
    const page = await request(source, { pageSize: '5' }, () => true);
    expect(page.items.map((d) => d.n)).toEqual([0, 1, 2, 3, 4]);
    expect(page.statistics.currentPage).toBe(6);
    expect(source.read).toBe(6);
    expect(source.closed).toBe(1);
  });

  it('has no next when the collection ends exactly at a full page', async () => {
    const page = await request(collection(5), { pageSize: '5' }, () => true);
    expect(page.items).toHaveLength(5);
    expect(page.next).toBeUndefined();
  });

  it('keeps next when the scan limit is used up, though nothing accessible is left', async () => {
    const source = collection(1000);
    const page = await request(source, {}, () => false);
    expect(page.items).toEqual([]);
    expect(source.read).toBe(1000);
    expect(page.next).toContain('currentPage=1001');
  });

  it('passes the predicate\'s error on and still closes the source', async () => {
    const source = collection(10);
    await expect(request(source, {}, () => { throw new Error('denied'); })).rejects.toThrow('denied');
    expect(source.closed).toBe(1);
  });
});
