import { newestFirst, rollbackTarget, withoutTag, withTag, type Version } from './versions';

const v = (version: string, binaryId: string, created: string, tags: string[] = []): Version => ({ version, binaryId, created, tags });
const versions = [v('1.0.0', 'b1', '2026-01-01T00:00:00Z'), v('2.0.0', 'b2', '2026-01-02T00:00:00Z'), v('3.0.0', 'b3', '2026-01-03T00:00:00Z', ['latest'])];

describe('application versions', () => {
  it('lists the newest first', () => {
    expect(newestFirst(versions).map((x) => x.version)).toEqual(['3.0.0', '2.0.0', '1.0.0']);
  });

  it('rolls back to the version active before, when the console saw the change', () => {
    expect(rollbackTarget(versions, 'b3', 'b1')?.version).toBe('1.0.0');
    expect(rollbackTarget(versions, 'b1', 'b3')?.version).toBe('3.0.0');
  });

  it('else rolls back to the newest version created before the active one', () => {
    expect(rollbackTarget(versions, 'b3')?.version).toBe('2.0.0');
    expect(rollbackTarget(versions, 'b3', 'gone')?.version).toBe('2.0.0');
    expect(rollbackTarget(versions, 'b2', 'b2')?.version).toBe('1.0.0');
    expect(rollbackTarget(versions, 'b1')).toBeUndefined();
    expect(rollbackTarget(versions, undefined)).toBeUndefined();
  });

  it('adds a tag once and removes it', () => {
    expect(withTag(['latest'], 'stable')).toEqual(['latest', 'stable']);
    expect(withTag(['stable'], 'stable')).toEqual(['stable']);
    expect(withoutTag(['latest', 'stable'], 'latest')).toEqual(['stable']);
    expect(withoutTag(undefined, 'x')).toEqual([]);
  });
});
