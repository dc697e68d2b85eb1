import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import WebSocket from 'ws';
import { SERVICE_CSP } from '@berth/http';
import { admin, basic, eventually, gw, newTenant, testStack } from '@berth/testing';
import { containersOf, hostingHooks, microservice, raw, subscribe, unsubscribe } from './hosting-fixture';

hostingHooks();

describe('microservice hosting through the gateway, on the local engine', () => {
  it('deploys on subscribe, serves /health and /hello, refuses strangers, and removes container and route on unsubscribe', async () => {
    const { id, name } = await microservice({ isolation: 'MULTI_TENANT', resources: { cpu: '0.5', memory: '128M' } });
    expect((await raw(`/service/${name}/health`)).status).toBe(404);
    const subscribed = await eventually(() => subscribe('management', id, admin()), (r) => r.status !== 404, 30000);
    expect(subscribed.status).toBe(201);

    const health = await eventually(() => raw(`/service/${name}/health`), (r) => r.status === 200, 60000);
    expect({ status: health.status, body: JSON.parse(health.text) }).toEqual({ status: 200, body: { status: 'UP' } });
    const hello = await raw(`/service/${name}/hello?who=x`, { authorization: basic(...admin()) });
    expect({ status: hello.status, text: hello.text }).toEqual({ status: 200, text: 'hello x!' });
    // The security headers, the microservice's own X-Frame-Options kept, its X-Powered-By dropped, a CSP that lets its pages load.
    expect(['x-content-type-options', 'x-frame-options', 'content-security-policy', 'referrer-policy', 'x-powered-by'].map((h) => hello.headers.get(h)))
      .toEqual(['nosniff', 'SAMEORIGIN', SERVICE_CSP, 'no-referrer', null]);
    expect((await raw(`/service/${name}/hello`, { authorization: basic(...admin()) })).text).toBe('hello world!');
    expect((await raw(`/service/${name}/hello?who=x`)).status).toBe(401);
    const stranger = await newTenant();
    const refused = await gw(`/service/${name}/hello?who=x`, { as: stranger.admin });
    expect({ status: refused.status, error: refused.body?.error }).toEqual({ status: 403, error: 'security/Forbidden' });
    expect((await gw(`/service/nosuch${randomBytes(3).toString('hex')}/hello`, { as: admin() })).status).toBe(404);

    const echo = await gw(`/service/${name}/echo/a?b=1`, { as: admin(), headers: { 'x-xsrf-token': 'xsrf', tfatoken: 'tfa', cookie: 'authorization=abc' } });
    expect(echo.body.path).toBe('/echo/a?b=1');
    expect(echo.body.headers).toMatchObject({
      authorization: basic(...admin()), 'x-xsrf-token': 'xsrf', tfatoken: 'tfa', cookie: 'authorization=abc', 'x-forwarded-prefix': `/service/${name}`,
      'x-forwarded-host': expect.any(String), 'x-forwarded-proto': 'http',
    });
    expect(echo.body.headers['x-berth-principal']).toBeUndefined();
    expect(echo.body.env).toMatchObject({
      C8Y_BASEURL: expect.stringMatching(/^http/), C8Y_BOOTSTRAP_TENANT: 'management', C8Y_BOOTSTRAP_USER: `servicebootstrap_${name}`, C8Y_MICROSERVICE_ISOLATION: 'MULTI_TENANT',
      APPLICATION_NAME: name, APPLICATION_KEY: `${name}-key`, SERVER_PORT: '80', MEMORY_LIMIT: '128M',
    });

    const [container, ...more] = await containersOf(id);
    expect(more).toEqual([]);
    expect(container).toMatchObject({ State: 'running', Labels: { 'io.berth.application-name': name, 'io.berth.version': '1.0.0', 'io.berth.tenant': '' } });
    expect(container.Ports.filter((p) => p.PublicPort).map((p) => [p.PrivatePort, p.IP])).toEqual([[80, '127.0.0.1']]);
    const status = await gw(`/application/applications/${id}/status`, { as: admin() });
    expect(status.body).toMatchObject({ applicationId: id, status: 'Up', version: '1.0.0', restarts: 0, instances: [{ name: expect.any(String), healthy: true }] });
    const stages = status.body.stages as Array<{ stage: string; at: string }>;
    expect(stages.map((s) => s.stage)).toEqual(['Desired', 'Deploying', 'ImageLoading', 'ImageLoaded', 'ContainerStarted', 'Healthy']);
    expect(stages.map((s) => s.at)).toEqual(stages.map((s) => s.at).sort());

    const wsUrl = `${testStack.gatewayUrl.replace(/^http/, 'ws')}/service/${name}/ws`;
    const socket = new WebSocket(wsUrl, { headers: { authorization: basic(...admin()) } });
    await once(socket, 'open');
    socket.send('hi there');
    expect(String((await once(socket, 'message'))[0])).toBe('echo: hi there');
    socket.close();
    const refusedStatus = async (headers: Record<string, string>) => {
      const ws = new WebSocket(wsUrl, { headers });
      ws.on('error', () => undefined);
      const [, res] = (await once(ws, 'unexpected-response')) as [unknown, IncomingMessage];
      res.resume();
      ws.terminate();
      return res.statusCode;
    };
    expect(await refusedStatus({})).toBe(401);
    expect(await refusedStatus({ authorization: basic(...stranger.admin) })).toBe(403);

    const instance = status.body.instances[0].name as string;
    const logs = await eventually(() => gw(`/application/applications/${id}/logs/${instance}`, { as: admin() }), (r) => /said hello to x/.test(r.body?.logs), 10000);
    expect(logs.body).toMatchObject({ instanceName: instance, truncated: false, firstDateInLog: expect.any(String), lastDateInLog: expect.any(String) });
    expect(logs.body.logs).toMatch(/hello service listening on :80\n(.|\n)*said hello to x/);
    const newest = await gw(`/application/applications/${id}/logs/${instance}?limit=1`, { as: admin() });
    expect(newest.body).toMatchObject({ truncated: true, logs: 'said hello to world' });
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await gw(`/application/applications/${id}/logs/${instance}?dateFrom=${future}`, { as: admin() })).body).toMatchObject({ logs: '', dateFrom: future });
    const badLimit = await gw(`/application/applications/${id}/logs/${instance}?limit=0`, { as: admin() });
    expect({ status: badLimit.status, error: badLimit.body.error }).toEqual({ status: 400, error: 'applications/Bad Request' });
    expect((await gw(`/application/applications/${id}/logs/nosuch`, { as: admin() })).status).toBe(404);
    expect((await gw(`/application/applications/${id}/logs/${instance}`, { as: stranger.admin })).status).toBe(404);
    expect((await gw(`/application/applications/${id}/logs/${instance}`)).status).toBe(401);

    expect((await unsubscribe('management', id, admin())).status).toBe(204);
    expect(await eventually(() => containersOf(id), (c) => c.length === 0, 30000)).toEqual([]);
    expect((await eventually(() => raw(`/service/${name}/health`), (r) => r.status === 404, 10000)).status).toBe(404);
    expect((await gw(`/application/applications/${id}/status`, { as: admin() })).body).toMatchObject({ status: 'Unknown', instances: [] });
  }, 180000);
});
