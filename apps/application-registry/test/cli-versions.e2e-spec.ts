import { basic, BRAND, gw, microserviceZip, newTenant, testStack, zip } from '@berth/testing';
import { Creds, expectError, hostedApp, microserviceApp, Part, postVersion, storedBinaries, uploadZip } from './binary-upload';

let owner: Creds;
let other: Creds;
beforeAll(async () => {
  owner = (await newTenant()).admin;
  other = (await newTenant()).admin;
});

const webZip = (text: string) => zip([{ name: '/index.html', data: `<html>${text}</html>` }]);
/** The CLI's parts: the ZIP as a form file (octet-stream, with its file name) and the version as a plain form field. */
const cliParts = (content: Buffer, applicationVersion: unknown, fileName = 'myapp.zip'): Part[] => [
  { name: 'applicationBinary', filename: fileName, type: 'application/octet-stream', data: content },
  { name: 'applicationVersion', data: typeof applicationVersion === 'string' ? applicationVersion : JSON.stringify(applicationVersion) },
];
/** The Go SDK's parts: the version part declared application/json with an empty file name. */
const sdkParts = (content: Buffer, applicationVersion: unknown): Part[] => [
  { name: 'applicationBinary', filename: 'application.zip', type: 'application/octet-stream', data: content },
  { name: 'applicationVersion', filename: '', type: 'application/json', data: JSON.stringify(applicationVersion) },
];
const binaries = (id: string, as: Creds = owner, accept = 'application/json') => gw(`/application/applications/${id}/binaries`, { as, headers: { accept } });
/** A DELETE as the CLI sends it: no body, yet `Content-Type: application/json`. */
const deleteBinary = async (id: string, binaryId: string, as: Creds = owner) => {
  const res = await fetch(`${testStack.gatewayUrl}/application/applications/${id}/binaries/${binaryId}`, {
    method: 'DELETE', headers: { authorization: basic(...as), accept: 'application/json', 'content-type': 'application/json' },
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
};
const download = async (url: string) => {
  const res = await fetch(url.replace(/^https?:\/\/[^/]+/, testStack.gatewayUrl), { headers: { authorization: basic(...owner) } });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
};

describe('registry: versions created from a ZIP, and an application\'s binaries, as go-c8y-cli calls them', () => {
  it('creates versions with their version and tags (the first one becomes active), lists them as attachments and deletes one by binary id', async () => {
    const app = await hostedApp(owner);
    const first = webZip('one');
    const created = await postVersion(app.id, owner, cliParts(first, { version: '2.0.0', tags: ['beta'] }));
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toBe(`${BRAND}.applicationVersion+json;ver=0.9;charset=UTF-8`);
    expect(created.body).toEqual({ version: '2.0.0', binaryId: expect.stringMatching(/^[0-9a-f]{24}$/), tags: ['beta'], created: expect.any(String) });
    const v2 = created.body.binaryId;
    expect((await gw(`/application/applications/${app.id}`, { as: owner })).body.activeVersionId).toBe(v2);

    const second = webZip('two, a longer page');
    const next = await postVersion(app.id, owner, sdkParts(second, { version: '2.1.0+build.7', tags: null }));
    expect(next.status).toBe(201);
    expect(next.body).toMatchObject({ version: '2.1.0+build.7', tags: [] });
    const v21 = next.body.binaryId;
    const application = (await gw(`/application/applications/${app.id}`, { as: owner })).body;
    expect(application.activeVersionId).toBe(v2);
    expect(application.applicationVersions.map((v: any) => [v.version, v.tags])).toEqual([['2.0.0', ['beta']], ['2.1.0+build.7', []]]);

    const listed = await binaries(app.id);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      attachments: [
        { id: v2, name: 'myapp.zip', version: '2.0.0', length: first.length, contentType: 'application/zip', created: created.body.created,
          downloadUrl: expect.stringMatching(new RegExp(`/application/applications/${app.id}/binaries/${v2}$`)), contextPath: app.contextPath },
        { id: v21, name: 'application.zip', version: '2.1.0+build.7', length: second.length, contentType: 'application/zip', created: next.body.created,
          downloadUrl: expect.stringMatching(new RegExp(`/binaries/${v21}$`)), contextPath: app.contextPath },
      ],
    });
    expect((await download(listed.body.attachments[1].downloadUrl)).body.equals(second)).toBe(true);
    const vendor = await binaries(app.id, owner, `${BRAND}.applicationbinaries+json, ${BRAND}.error+json`);
    expect(vendor.headers.get('content-type')).toBe(`${BRAND}.applicationBinaries+json;ver=0.9;charset=UTF-8`);

    expect((await deleteBinary(app.id, v21)).status).toBe(204);
    expect((await binaries(app.id)).body.attachments.map((a: any) => a.id)).toEqual([v2]);
    expect((await gw(`/application/applications/${app.id}/versions`, { as: owner })).body.applicationVersions.map((v: any) => v.version)).toEqual(['2.0.0']);
    expect(await storedBinaries(app.id)).toEqual([v2]);
    expect((await download(listed.body.attachments[1].downloadUrl)).status).toBe(404);

    expectError(await deleteBinary(app.id, v2), 409, 'applications/Update Conflict', /active version/);
    expectError(await deleteBinary(app.id, v21), 404, 'applications/Not Found', new RegExp(`no binary ${v21}`));
    expectError(await deleteBinary(app.id, 'not-a-binary'), 404, 'applications/Not Found');
    expect(await storedBinaries(app.id)).toEqual([v2]);
  });

  it('refuses a version or tag that exists (409), a bad applicationVersion or ZIP (422), storing nothing', async () => {
    const app = await hostedApp(owner);
    const base = await postVersion(app.id, owner, cliParts(webZip('base'), { version: '1.0.0', tags: ['latest', 'stable'] }));
    expect(base.status).toBe(201);
    expectError(await postVersion(app.id, owner, cliParts(webZip('again'), { version: '1.0.0', tags: [] })), 409, 'applications/Duplicate', /Version 1.0.0 exists/);
    expectError(await postVersion(app.id, owner, cliParts(webZip('tag'), { version: '1.1.0', tags: ['stable'] })), 409, 'applications/Duplicate', /Tag stable/);
    expectError(await postVersion(app.id, owner, cliParts(webZip('json'), '{"version":')), 422, 'applications/Unprocessable Entity', /applicationVersion must be a JSON object/);
    expectError(await postVersion(app.id, owner, sdkParts(webZip('json'), { version: 'a b' }).map((p) => (p.name === 'applicationVersion' ? { ...p, data: '{' } : p))),
      422, 'applications/Unprocessable Entity', /declared application\/json/);
    expectError(await postVersion(app.id, owner, cliParts(webZip('version'), { version: 'a b', tags: [] })), 422, 'applications/Unprocessable Entity', /version "a b"/);
    expectError(await postVersion(app.id, owner, cliParts(webZip('tags'), { version: '1.2.0', tags: 'x' })), 422, 'applications/Unprocessable Entity', /tags must be a list/);
    expectError(await postVersion(app.id, owner, cliParts(zip([{ name: 'main.js', data: '1' }]), { version: '1.3.0' })), 422, 'applications/Unprocessable Entity', /index.html/);
    expectError(await postVersion(app.id, owner, [{ name: 'applicationVersion', data: '{"version":"1.4.0"}' }]), 422, 'applications/Unprocessable Entity', /has no file/);
    expect(await storedBinaries(app.id)).toEqual([base.body.binaryId]);
    expect((await gw(`/application/applications/${app.id}/versions`, { as: owner })).body.applicationVersions.map((v: any) => v.version)).toEqual(['1.0.0']);
  });

  it('names a microservice\'s version by the request when it gives one, else by the manifest, and keeps the manifest as it is', async () => {
    const app = await microserviceApp(owner);
    const manifest = (version: string) => ({ apiVersion: '1', version, requiredRoles: ['ROLE_INVENTORY_READ'] });
    const named = await postVersion(app.id, owner, cliParts(microserviceZip(manifest('1.0.0')), { version: '1.0.0-cli', tags: ['candidate'] }));
    expect(named.status).toBe(201);
    expect(named.body).toMatchObject({ version: '1.0.0-cli', tags: ['candidate'] });
    const active = (await gw(`/application/applications/${app.id}`, { as: owner })).body;
    expect(active).toMatchObject({ activeVersionId: named.body.binaryId, manifest: { version: '1.0.0' }, requiredRoles: ['ROLE_INVENTORY_READ'] });

    const unnamed = await postVersion(app.id, owner, cliParts(microserviceZip(manifest('1.1.0')), { tags: ['next'] }));
    expect(unnamed.body).toMatchObject({ version: '1.1.0', tags: ['next'] });
    expect((await gw(`/application/applications/${app.id}`, { as: owner })).body).toMatchObject({ activeVersionId: named.body.binaryId, manifest: { version: '1.0.0' } });
    const activated = await gw(`/application/applications/${app.id}/versions/1.1.0/activate`, { method: 'POST', as: owner });
    expect(activated.body).toMatchObject({ activeVersionId: unnamed.body.binaryId, manifest: { version: '1.1.0' } });
  });

  it('answers another tenant as it answers reading or changing the application: 404, nothing listed, deleted or stored', async () => {
    const app = await hostedApp(owner);
    const uploaded = await uploadZip(app.id, owner, webZip('mine'));
    const binaryId = uploaded.body.activeVersionId;
    expectError(await binaries(app.id, other), 404, 'applications/Not Found');
    expectError(await deleteBinary(app.id, binaryId, other), 404, 'applications/Not Found');
    expectError(await postVersion(app.id, other, cliParts(webZip('theirs'), { version: '9.0.0' })), 404, 'applications/Not Found');
    expect(await storedBinaries(app.id)).toEqual([binaryId]);
  });
});
