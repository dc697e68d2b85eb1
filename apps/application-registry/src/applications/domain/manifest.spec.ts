import { checkManifest, likelyMeant, MANIFEST_FIELDS } from './manifest';

const ok = (raw: unknown, fallback: Array<string | undefined> = ['app']) => {
  const result = checkManifest(raw, fallback);
  if (!result.ok) throw new Error(result.problems.join('; '));
  return result.manifest;
};
const problems = (raw: unknown, fallback: Array<string | undefined> = ['app']) => {
  const result = checkManifest(raw, fallback);
  return result.ok ? [] : result.problems;
};

describe('the microservice manifest', () => {
  it('applies defaults: isolation MULTI_TENANT, resources 0.5 CPU and 512M, empty role lists', () => {
    expect(ok({ apiVersion: 1, version: '1.0.0', name: 'hello' })).toEqual({
      apiVersion: '1', version: '1.0.0', name: 'hello', isolation: 'MULTI_TENANT', resources: { cpu: '0.5', memory: '512M' }, requiredRoles: [], roles: [],
    });
  });

  it('keeps a full manifest, both spellings of requested resources, and the fields kept unchecked', () => {
    const manifest = ok({
      apiVersion: '2', name: 'hello-world', version: '2.1.0-SNAPSHOT', provider: { name: 'Acme' }, isolation: 'PER_TENANT', scale: 'AUTO', replicas: 5,
      resources: { cpu: '1', memory: '1Gi' }, requestedResources: { cpu: '100m', memory: '128Mi' }, requestResources: { cpu: '0.25' },
      livenessProbe: { httpGet: { path: '/health', port: 80 }, initialDelaySeconds: 60, periodSeconds: 10, timeoutSeconds: 5, failureThreshold: 3 },
      readinessProbe: { tcpSocket: { port: 80 } },
      settings: [{ key: 'tracker.id', defaultValue: '1', editable: true }], requiredRoles: ['ROLE_INVENTORY_READ'], roles: ['ROLE_HELLO'],
      billingMode: 'RESOURCES', settingsCategory: 'hello',
    });
    expect(manifest).toMatchObject({ resources: { cpu: '1', memory: '1Gi' }, requestedResources: { cpu: '100m' }, requestResources: { cpu: '0.25' }, billingMode: 'RESOURCES', settingsCategory: 'hello' });
  });

  it('takes a missing name from the application, else the ZIP name, when valid', () => {
    expect(ok({ version: '1.0.0' }, ['my-service', 'zip']).name).toBe('my-service');
    expect(ok({ version: '1.0.0' }, ['My Service', 'from-zip']).name).toBe('from-zip');
    expect(problems({ version: '1.0.0' }, ['My Service', undefined])).toEqual([expect.stringMatching(/^name: is missing/)]);
  });

  it('lists every violation with its field path', () => {
    expect(problems({
      name: 'Hello_World-with-a-very-long-name', version: 'one', isolation: 'SHARED', scale: 'MAYBE', replicas: 6,
      resources: { cpu: 'lots', memory: '1 GB' }, requestResources: { memory: 'x' },
      livenessProbe: { httpGet: { path: 'health', port: 0 }, tcpSocket: { port: 80 }, periodSeconds: -1 },
      readinessProbe: { initialDelaySeconds: 1 },
      settings: [{ defaultValue: 1 }], requiredRoles: 'ROLE_X', provider: {},
    })).toEqual(expect.arrayContaining([
      expect.stringMatching(/^name: must be lowercase/), expect.stringMatching(/^version: must be a SemVer/), expect.stringMatching(/^isolation:/),
      expect.stringMatching(/^scale:/), expect.stringMatching(/^replicas:/), expect.stringMatching(/^resources\.cpu:/), expect.stringMatching(/^resources\.memory:/),
      expect.stringMatching(/^requestResources\.memory:/), expect.stringMatching(/^livenessProbe\.httpGet\.path: must start with \//),
      expect.stringMatching(/^livenessProbe\.httpGet\.port:/), expect.stringMatching(/^livenessProbe\.periodSeconds:/),
      expect.stringMatching(/^livenessProbe: needs exactly one of httpGet, tcpSocket, exec/), expect.stringMatching(/^readinessProbe: needs exactly one/),
      expect.stringMatching(/^settings\.0\.key:/), expect.stringMatching(/^settings\.0\.defaultValue:/), expect.stringMatching(/^requiredRoles:/),
      expect.stringMatching(/^provider\.name:/),
    ]));
  });

  it('refuses a field that looks like a misspelled known one, naming the field it likely means, with the other problems', () => {
    expect(problems({ version: '1.0.0', requiredRole: ['ROLE_X'], provideRoles: [], livenesProbe: {}, Replicas: 2, settingCategory: 'x', rules: [] })).toEqual([
      'requiredRole: not a manifest field; did you mean requiredRoles?', 'provideRoles: not a manifest field; did you mean roles?',
      'livenesProbe: not a manifest field; did you mean livenessProbe?', 'Replicas: not a manifest field; did you mean replicas?',
      'settingCategory: not a manifest field; did you mean settingsCategory?', 'rules: not a manifest field; did you mean roles?',
    ]);
    expect(problems({ version: 'one', requiredRole: [] })).toEqual(['requiredRole: not a manifest field; did you mean requiredRoles?', expect.stringMatching(/^version: must be a SemVer/)]);
  });

  it('keeps other unknown fields with a warning each, and warns of nothing in a manifest of known fields only', () => {
    const result = checkManifest({ version: '1.0.0', description: 'says hello', key: 'hello-key', image: 'x' }, ['app']);
    expect(result).toMatchObject({ ok: true, manifest: { description: 'says hello', key: 'hello-key', image: 'x' } });
    expect(result.warnings).toEqual([
      'description: not a manifest field; kept as it is', 'key: not a manifest field; kept as it is', 'image: not a manifest field; kept as it is',
    ]);
    expect(checkManifest(Object.fromEntries(MANIFEST_FIELDS.map((f) => [f, undefined])), ['app']).warnings).toEqual([]);
  });

  it('suggests a known field for case, singular or plural and small edit distances only', () => {
    expect(['REQUIREDROLES', 'requiredRole', 'requierdRoles', 'readinesProbe', 'isolaton', 'vesrion', 'names', 'role', 'resource', 'providedRoles'].map(likelyMeant))
      .toEqual(['requiredRoles', 'requiredRoles', 'requiredRoles', 'readinessProbe', 'isolation', 'version', 'name', 'roles', 'resources', 'roles']);
    expect(['scope', 'type', 'key', 'description', 'image', 'requiredPermissions', 'nameSpace'].map(likelyMeant)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
  });

  it('requires a version and refuses a manifest that is not an object', () => {
    expect(problems({ name: 'x' })).toEqual(['version: is required']);
    expect(problems(['x'])).toEqual([expect.stringMatching(/^\(manifest\):/)]);
  });
});
