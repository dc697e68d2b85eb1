import { request } from 'node:http';
import { admin, dockerImage, gw, microserviceZip, newTenant, testStack, zip } from '@berth/testing';
import { Creds, createApp, expectError, hostedApp, microserviceApp, multipart, name, postBinary, storedBinaries, uploadZip } from './binary-upload';

let owner: Creds;
let other: Creds;
beforeAll(async () => {
  owner = (await newTenant()).admin;
  other = (await newTenant()).admin;
});

const manifest = (extra: Record<string, unknown> = {}) => ({ apiVersion: '1', version: '1.0.0', provider: { name: 'Acme' }, ...extra });
const webZip = () => zip([{ name: 'index.html', data: '<html></html>' }, { name: 'main.js', data: 'console.log(1)', deflate: true }]);

describe('registry: binary upload through the gateway', () => {
  it('accepts a microservice ZIP in part "file" with a filename and the JS client\'s fileName part: 201 with the application', async () => {
    const app = await microserviceApp(owner);
    const res = await uploadZip(app.id, owner, microserviceZip(manifest({ requiredRoles: ['ROLE_INVENTORY_READ'], requestResources: { cpu: '100m' } })), 'hello.zip');
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/application\/vnd.com.nsn.cumulocity.application\+json/);
    const [version] = res.body.applicationVersions;
    expect(version).toEqual({ version: '1.0.0', binaryId: expect.stringMatching(/^[0-9a-f]{24}$/), tags: ['latest'], created: expect.any(String) });
    expect(res.body.activeVersionId).toBe(version.binaryId);
    expect(res.body.manifest).toEqual({
      apiVersion: '1', version: '1.0.0', provider: { name: 'Acme' }, name: app.name, isolation: 'MULTI_TENANT', resources: { cpu: '0.5', memory: '512M' },
      requestResources: { cpu: '100m' }, requiredRoles: ['ROLE_INVENTORY_READ'], roles: [], imports: [], noAppSwitcher: true,
    });
    // The application takes its roles from the manifest it now runs.
    expect({ requiredRoles: res.body.requiredRoles, roles: res.body.roles }).toEqual({ requiredRoles: ['ROLE_INVENTORY_READ'], roles: [] });
    expect((await gw(`/application/applications/${app.id}`, { as: owner })).body).toEqual(res.body);
    expect(await storedBinaries(app.id)).toEqual([version.binaryId]);
  });

  it('accepts part "data" without a filename as application/octet-stream, and a FormData upload', async () => {
    const app = await hostedApp(owner);
    const { body, contentType } = multipart([{ name: 'data', type: 'application/octet-stream', data: webZip() }]);
    const res = await postBinary(app.id, owner, body, contentType);
    expect(res.status).toBe(201);
    expect(res.body.applicationVersions).toEqual([expect.objectContaining({ version: expect.stringMatching(/^1\.0\.0-\d+$/), tags: ['latest'] })]);
    const form = new FormData();
    form.append('file', new Blob([webZip()], { type: 'application/zip' }), 'web.zip');
    form.append('fileName', 'web.zip');
    const again = await postBinary(app.id, owner, form);
    expect(again.status).toBe(201);
    expect(again.body.applicationVersions).toHaveLength(2);
  });

  it('accepts a chunked upload without Content-Length', async () => {
    const app = await createApp(owner, { name: name('rule'), key: name('rk'), type: 'APAMA_CEP_RULE' });
    const { body, contentType } = multipart([{ name: 'file', filename: 'rule.zip', type: 'application/zip', data: zip([{ name: 'rule.mon', data: 'monitor R {}' }]) }]);
    const stream = new ReadableStream({ start(controller) { for (let i = 0; i < body.length; i += 100) controller.enqueue(body.subarray(i, i + 100)); controller.close(); } });
    const res = await postBinary(app.id, owner, stream, contentType, { duplex: 'half' } as RequestInit);
    expect(res.status).toBe(201);
    expect(res.body.applicationVersions).toHaveLength(1);
  });

  it.each([
    ['an image.tar without its layer', () => microserviceZip(manifest(), dockerImage('layer')), /Invalid binary: image.tar lacks the layer/],
    ['no image.tar', () => zip([{ name: 'cumulocity.json', data: JSON.stringify(manifest()) }]), /missing: image.tar/],
    ['an invalid manifest, every violation with its path', () => microserviceZip({ name: 'Bad_Name', version: 'x', isolation: 'SHARED', replicas: 7, livenessProbe: {} }),
      /name: must be lowercase.*version: must be a SemVer.*isolation: .*replicas: .*livenessProbe: needs exactly one/],
    ['a misspelled field, named with the field it likely means', () => microserviceZip(manifest({ requiredRole: ['ROLE_INVENTORY_READ'], notes: 'kept' })),
      /^Invalid binary: cumulocity.json is invalid: requiredRole: not a manifest field; did you mean requiredRoles\?$/],
    ['a file that is not a ZIP', () => Buffer.from('not a zip at all'), /not a ZIP archive/],
    ['an entry escaping its folder', () => zip([{ name: '../../etc/cron.d/x', data: 'x' }, { name: 'cumulocity.json', data: '{}' }]), /"..\/..\/etc\/cron.d\/x" escapes its folder/],
    ['an absolute entry', () => zip([{ name: '//server/etc/passwd', data: 'x' }]), /absolute path/],
    ['an entry climbing out of the root', () => zip([{ name: '/../etc/passwd', data: 'x' }, { name: 'cumulocity.json', data: '{}' }]), /escapes its folder/],
  ])('refuses a microservice with %s: 422 and nothing stored', async (_case, build, message) => {
    const app = await microserviceApp(owner);
    expectError(await uploadZip(app.id, owner, build()), 422, 'applications/Unprocessable Entity', message);
    expect(await storedBinaries(app.id)).toEqual([]);
    expect((await gw(`/application/applications/${app.id}`, { as: owner })).body).not.toHaveProperty('applicationVersions');
  });

  it('sets requiredRoles and roles from the manifest of the version that becomes active, on upload and on activation', async () => {
    const app = await microserviceApp(owner);
    const first = manifest({ requiredRoles: ['ROLE_INVENTORY_READ'], roles: ['ROLE_GREETER_READ'] });
    expect((await uploadZip(app.id, owner, microserviceZip(first))).status).toBe(201);
    const second = manifest({ version: '1.1.0', requiredRoles: ['ROLE_OPTION_MANAGEMENT_READ'], roles: ['ROLE_GREETER_READ', 'ROLE_GREETER_ADMIN'] });
    const upgraded = await uploadZip(app.id, owner, microserviceZip(second));
    expect({ requiredRoles: upgraded.body.requiredRoles, roles: upgraded.body.roles })
      .toEqual({ requiredRoles: ['ROLE_OPTION_MANAGEMENT_READ'], roles: ['ROLE_GREETER_READ', 'ROLE_GREETER_ADMIN'] });
    expect((await gw(`/application/applications/${app.id}/versions/1.0.0/activate`, { method: 'POST', as: owner })).status).toBe(200);
    const back = await gw(`/application/applications/${app.id}`, { as: owner });
    expect({ requiredRoles: back.body.requiredRoles, roles: back.body.roles }).toEqual({ requiredRoles: ['ROLE_INVENTORY_READ'], roles: ['ROLE_GREETER_READ'] });
  });

  it('activates another version when a PUT names its binary as activeVersionId, as the web SDK does', async () => {
    const app = await microserviceApp(owner);
    const first = await uploadZip(app.id, owner, microserviceZip(manifest({ roles: ['ROLE_GREETER_READ'] })));
    await uploadZip(app.id, owner, microserviceZip(manifest({ version: '2.0.0', roles: ['ROLE_GREETER_ADMIN'] })));
    const put = await gw(`/application/applications/${app.id}`, { method: 'PUT', as: owner, body: { activeVersionId: first.body.activeVersionId } });
    expect({ status: put.status, active: put.body.activeVersionId, roles: put.body.roles }).toEqual({ status: 200, active: first.body.activeVersionId, roles: ['ROLE_GREETER_READ'] });
    const got = await gw(`/application/applications/${app.id}`, { as: owner });
    expect({ active: got.body.activeVersionId, version: got.body.manifest.version }).toEqual({ active: first.body.activeVersionId, version: '1.0.0' });
    expectError(await gw(`/application/applications/${app.id}`, { method: 'PUT', as: owner, body: { activeVersionId: '0123456789abcdef01234567' } }),
      422, 'applications/Unprocessable Entity', /names no binary/);
  });

  it('takes a web application zipped as go-c8y-cli zips a folder, every entry under a leading /: 201', async () => {
    const app = await hostedApp(owner);
    const res = await uploadZip(app.id, owner, zip([{ name: '/index.html', data: '<html>' }, { name: '/assets/', data: '' }, { name: '/assets/app.js', data: 'x' }]));
    expect(res.status).toBe(201);
    expect(res.body.applicationVersions).toHaveLength(1);
  });

  it('refuses by type: a web application without index.html, a rule without exactly one .mon, any EXTERNAL binary', async () => {
    expectError(await uploadZip((await hostedApp(owner)).id, owner, zip([{ name: 'app/index.html', data: '' }])), 422, 'applications/Unprocessable Entity', /index.html at its root/);
    const rule = await createApp(owner, { name: name('rule'), key: name('rk'), type: 'APAMA_CEP_RULE' });
    expectError(await uploadZip(rule.id, owner, zip([{ name: 'a.mon', data: '' }, { name: 'b.mon', data: '' }])), 422, 'applications/Unprocessable Entity', /exactly one .mon file, found 2/);
    const external = await createApp(owner, { name: name('ext'), key: name('ek'), type: 'EXTERNAL', externalUrl: 'https://example.com' });
    expectError(await uploadZip(external.id, owner, webZip()), 422, 'applications/Unprocessable Entity', /type EXTERNAL takes no binary/);
  });

  it('refuses a request without a file part, and one that is not multipart', async () => {
    const app = await hostedApp(owner);
    const { body, contentType } = multipart([{ name: 'fileName', data: 'x.zip' }, { name: 'other', filename: 'x.zip', data: webZip() }]);
    expectError(await postBinary(app.id, owner, body, contentType), 422, 'applications/Unprocessable Entity', /has no file/);
    const res = await postBinary(app.id, owner, webZip(), 'application/zip');
    expect(res.status).toBe(415);
  });

  it('refuses an upload with more parts than the limits allow: 422 naming them', async () => {
    const app = await hostedApp(owner);
    const fields = Array.from({ length: 9 }, (_, i) => ({ name: `extra${i}`, data: 'x' }));
    const { body, contentType } = multipart([...fields, { name: 'file', filename: 'web.zip', data: webZip() }]);
    expectError(await postBinary(app.id, owner, body, contentType), 422, 'applications/Unprocessable Entity', /too many parts: at most 12 parts, of which 8 text fields and 4 files/);
  });

  it('refuses a zip bomb from its directory, before unpacking it: 422', async () => {
    // 1 MiB that claims to unpack to 1 GiB, and is not even deflate data (0xff opens a block of the reserved
    // type): unpacking would fail on the first byte, so only a refusal from the directory names the ratio.
    const bomb = zip([{ name: 'cumulocity.json', data: JSON.stringify(manifest()) }, { name: 'image.tar', compressed: Buffer.alloc(1024 * 1024, 0xff), declaredSize: 1024 * 1024 * 1024 }]);
    const app = await microserviceApp(owner);
    expectError(await uploadZip(app.id, owner, bomb), 422, 'applications/Unprocessable Entity', /"image.tar" has a compression ratio of \d+, more than the limit of 100/);
    expect(await storedBinaries(app.id)).toEqual([]);
  });

  it('refuses a ZIP whose entries unpack past the total limit (2 GiB), each within the ratio limit: 422', async () => {
    // Three entries of 1 GiB declared, each packed in 11 MiB (a ratio of 93, under 100): 3 GiB in all.
    const packed = Buffer.alloc(11 * 1024 * 1024, 1);
    const big = zip([1, 2, 3].map((n) => ({ name: `part${n}.bin`, compressed: packed, declaredSize: 1024 * 1024 * 1024 })));
    const app = await hostedApp(owner);
    expectError(await uploadZip(app.id, owner, big), 422, 'applications/Unprocessable Entity', /unpacks to more than the limit of 2147483648 bytes/);
    expect(await storedBinaries(app.id)).toEqual([]);
  });

  it('refuses an upload past the size limit from its Content-Length, without reading it: 422', async () => {
    const app = await hostedApp(owner);
    const { contentType } = multipart([]);
    const res = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = request(`${testStack.gatewayUrl}/application/applications/${app.id}/binaries`, {
        method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${owner[0]}:${owner[1]}`).toString('base64')}`, accept: 'application/json', 'content-type': contentType, 'content-length': String(600 * 1024 * 1024) },
      }, (r) => {
        let text = '';
        r.on('data', (c) => { text += c; });
        r.on('end', () => resolve({ status: r.statusCode!, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.write(Buffer.alloc(64 * 1024));
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'applications/Unprocessable Entity', message: expect.stringMatching(/larger than the upload limit of 524288000 bytes/) });
  });

  it('answers 404 for an unknown application or one not offered to the caller, and 403 for another tenant\'s it sees', async () => {
    expectError(await uploadZip('99999999999999999', owner, webZip()), 404, 'applications/Not Found');
    const app = await createApp(owner, { name: name('web'), key: name('k'), type: 'HOSTED', contextPath: name('c'), resourcesUrl: '/', availability: 'MARKET' });
    expectError(await uploadZip(app.id, other, webZip()), 404, 'applications/Not Found');
    const offered = await createApp(admin(), { name: name('web'), key: name('k'), type: 'HOSTED', contextPath: name('c'), resourcesUrl: '/', availability: 'MARKET' });
    expectError(await uploadZip(offered.id, other, webZip()), 403, 'security/Forbidden');
  });
});
