// The service's tests, run by `npm test` with Node's own test runner. The service runs on a free
// port against a small local server that plays the platform's GET /user/currentUser.
const assert = require('node:assert/strict');
const { createServer } = require('node:http');
const { after, before, test } = require('node:test');
const { configFromEnv, Microservice } = require('@berth/microservice-sdk');
const { greeting, routes } = require('../src/main');

const ALICE = `Basic ${Buffer.from('t1/alice:secret').toString('base64')}`;
let platform;
let ms;
let url;

before(async () => {
  platform = createServer((req, res) => {
    const known = req.url === '/user/currentUser' && req.headers.authorization === ALICE;
    res.writeHead(known ? 200 : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify(known ? { userName: 'alice', effectiveRoles: [{ id: 'ROLE_INVENTORY_READ' }] } : { error: 'security/Unauthorized' }));
  });
  await new Promise((resolve) => platform.listen(0, '127.0.0.1', resolve));
  const config = configFromEnv({ C8Y_BASEURL: `http://127.0.0.1:${platform.address().port}` });
  ms = routes(new Microservice({ config, log: () => undefined }));
  url = `http://127.0.0.1:${await ms.start(0, '127.0.0.1')}`;
});

after(async () => {
  await ms.stop();
  platform.close();
});

test('greets whoever is named, else the world', () => {
  assert.equal(greeting('x'), 'hello x!');
  assert.equal(greeting(''), 'hello world!');
});

test('GET /hello answers a caller the platform knows', async () => {
  const res = await fetch(`${url}/hello?who=x`, { headers: { authorization: ALICE } });
  assert.equal(res.status, 200);
  assert.equal(await res.text(), 'hello x!');
});

test('GET /hello refuses a caller without credentials, and a name that is too long', async () => {
  assert.equal((await fetch(`${url}/hello`)).status, 401);
  const long = await fetch(`${url}/hello?who=${'x'.repeat(101)}`, { headers: { authorization: ALICE } });
  assert.equal(long.status, 422);
});

test('GET /me tells the caller their tenant and roles', async () => {
  const res = await fetch(`${url}/me`, { headers: { authorization: ALICE } });
  assert.deepEqual(await res.json(), { tenant: 't1', user: 'alice', roles: ['ROLE_INVENTORY_READ'] });
});

test('GET /health answers without credentials', async () => {
  assert.deepEqual(await (await fetch(`${url}/health`)).json(), { status: 'UP' });
});
