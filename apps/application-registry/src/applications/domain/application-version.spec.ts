import { DomainError } from '@berth/http';
import {
  addNamedVersion, addVersion, ApplicationVersion, generatedVersion, parseTags, parseVersionRequest, removeVersion, selectVersion, setTags,
} from './application-version';
import { SEMVER } from './manifest';

const v = (version: string, binaryId: string, tags: string[] = []): ApplicationVersion => ({ version, binaryId, tags, created: '2026-01-01T00:00:00.000Z' });
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as DomainError).code;
  }
  return undefined;
};

describe('application versions', () => {
  it('adds an upload tagged latest, taking the tag from the others', () => {
    const { versions, replaced } = addVersion([v('1.0.0', 'a', ['latest', 'stable'])], { version: '1.1.0', binaryId: 'b', created: 'now' });
    expect(replaced).toBeUndefined();
    expect(versions).toEqual([v('1.0.0', 'a', ['stable']), { version: '1.1.0', binaryId: 'b', tags: ['latest'], created: 'now' }]);
  });

  it('replaces a re-uploaded version, keeping its tags', () => {
    const { versions, replaced } = addVersion([v('1.0.0', 'a', ['stable']), v('1.1.0', 'b', ['latest'])], { version: '1.0.0', binaryId: 'c', created: 'now' });
    expect(replaced?.binaryId).toBe('a');
    expect(versions.map((x) => [x.version, x.binaryId, x.tags])).toEqual([['1.1.0', 'b', []], ['1.0.0', 'c', ['latest', 'stable']]]);
  });

  it('moves a tag set on one version away from the others', () => {
    expect(setTags([v('1', 'a', ['prod', 'latest']), v('2', 'b')], '2', ['prod']).map((x) => x.tags)).toEqual([['latest'], ['prod']]);
  });

  it('refuses to remove the active version or the one tagged latest (409), and removes others', () => {
    const versions = [v('1', 'a'), v('2', 'b', ['latest']), v('3', 'c')];
    expect(code(() => removeVersion(versions, versions[0], 'a'))).toBe('applications/Update Conflict');
    expect(code(() => removeVersion(versions, versions[1], 'c'))).toBe('applications/Update Conflict');
    expect(removeVersion(versions, versions[0], 'c').map((x) => x.version)).toEqual(['2', '3']);
  });

  it('selects by version or tag, 404 for none, 422 without either', () => {
    const versions = [v('1', 'a', ['prod'])];
    expect(selectVersion(versions, { tag: 'prod' }, 'x').version).toBe('1');
    expect(code(() => selectVersion(versions, { version: '9' }, 'x'))).toBe('applications/Not Found');
    expect(code(() => selectVersion(versions, {}, 'x'))).toBe('applications/Unprocessable Entity');
  });

  it('selects by binary id, 404 naming the binary for an unknown one', () => {
    const versions = [v('1', 'a'), v('2', 'b')];
    expect(selectVersion(versions, { binaryId: 'b' }, 'x').version).toBe('2');
    expect(code(() => selectVersion(versions, { binaryId: 'c' }, 'x'))).toBe('applications/Not Found');
  });

  it('reads the applicationVersion part as JSON text or parsed, absent fields asking for nothing', () => {
    expect(parseVersionRequest('{"version":"2.0.0+build.1","tags":["beta"]}')).toEqual({ version: '2.0.0+build.1', tags: ['beta'] });
    expect(parseVersionRequest({ version: '1.0', tags: ['latest'] })).toEqual({ version: '1.0', tags: ['latest'] });
    for (const empty of [undefined, '', 'null', '{}', '{"tags":null}', { version: '', tags: [] }, { version: null }]) {
      expect(parseVersionRequest(empty)).toEqual({ tags: [] });
    }
    for (const bad of ['{', '[]', '"1.0"', { version: 'a b' }, { version: 1 }, { version: '-1' }, { tags: 'x' }, { tags: ['a', 'a'] }]) {
      expect(code(() => parseVersionRequest(bad))).toBe('applications/Unprocessable Entity');
    }
  });

  it('adds a named version with exactly its tags; 409 for an existing version or a tag on another version', () => {
    const versions = [v('1', 'a', ['latest'])];
    expect(addNamedVersion(versions, v('2', 'b', ['beta']))).toEqual([...versions, v('2', 'b', ['beta'])]);
    expect(code(() => addNamedVersion(versions, v('1', 'b')))).toBe('applications/Duplicate');
    expect(code(() => addNamedVersion(versions, v('2', 'b', ['latest'])))).toBe('applications/Duplicate');
    expect(addNamedVersion([], v('1', 'a', ['latest']))).toEqual([v('1', 'a', ['latest'])]);
  });

  it('checks tags', () => {
    expect(parseTags({ tags: ['prod', 'v1.2_x'] })).toEqual(['prod', 'v1.2_x']);
    for (const body of [{}, { tags: 'prod' }, { tags: [''] }, { tags: ['a b'] }, { tags: ['a', 'a'] }, { tags: [1] }]) {
      expect(code(() => parseTags(body))).toBe('applications/Unprocessable Entity');
    }
  });

  it('generates SemVer versions', () => {
    expect(generatedVersion(1700000000000)).toMatch(SEMVER);
  });
});
