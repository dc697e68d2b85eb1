import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

/** One request as the fake received it. */
export interface RecordedCall { method: string; path: string; query: Record<string, string>; body?: any }

type Obj = Record<string, any>;

/**
 * A recorded fake of the Kubernetes API for one namespace: it stores what is created and answers
 * like the API server (POST 201 or 409 AlreadyExists, GET 200 or 404, PUT 200 or 404, DELETE 200
 * or 404, collection GET filtered by an equality `labelSelector`, pod logs as text), allocating
 * `resourceVersion`, a cluster IP and (NodePort, LoadBalancer) node ports. Pods are only what a test seeds (no controller
 * runs). An exec WebSocket answers with `execStatus` on the status channel. Every request is recorded.
 */
export class FakeKubernetesApi {
  readonly calls: RecordedCall[] = [];
  /** Every call since start, `take` notwithstanding. */
  readonly history: RecordedCall[] = [];
  /** Objects by `<resource>/<name>`, e.g. `deployments/berth-hello`. */
  readonly objects = new Map<string, Obj>();
  /** Log text by pod name, and by `<pod>/previous` for `previous=true`. */
  readonly logs = new Map<string, string>();
  /** Answer of the exec status channel; null: none, the command runs on. */
  execStatus: Obj | null = { status: 'Success' };
  /** Next answer status to force for `<METHOD> <resource>` (e.g. `POST deployments`), once. */
  readonly failNext = new Map<string, number>();
  private server?: Server;
  private version = 1;
  private nodePort = 30000;

  constructor(readonly namespace: string) {}

  async start(): Promise<string> {
    const wss = new WebSocketServer({ noServer: true, handleProtocols: (protocols) => (protocols.has('v4.channel.k8s.io') ? 'v4.channel.k8s.io' : false) });
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('upgrade', (req, socket, head) => {
      this.record(req, undefined);
      wss.handleUpgrade(req, socket, head, (ws) => {
        if (!this.execStatus) return; // a command that never ends: the socket stays open until the client closes it
        ws.send(Buffer.concat([Buffer.from([3]), Buffer.from(JSON.stringify(this.execStatus))]));
        ws.close();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** Stores an object as if a controller had made it (e.g. a pod). */
  seed(resource: string, obj: Obj): void {
    this.objects.set(`${resource}/${obj.metadata.name}`, { ...obj, metadata: { resourceVersion: String(this.version++), ...obj.metadata } });
  }

  /** The calls recorded since the last `take`, as `METHOD path?query` strings plus bodies, and forgets them. */
  take(): RecordedCall[] {
    return this.calls.splice(0);
  }

  private record(req: IncomingMessage, body: any): RecordedCall {
    const url = new URL(req.url ?? '/', 'http://fake');
    const call: RecordedCall = { method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), ...(body !== undefined ? { body } : {}) };
    this.calls.push(call);
    this.history.push(call);
    return call;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let text = '';
    for await (const chunk of req) text += chunk;
    const call = this.record(req, text ? JSON.parse(text) : undefined);
    const prefix = [`/api/v1/namespaces/${this.namespace}/`, `/apis/apps/v1/namespaces/${this.namespace}/`].find((p) => call.path.startsWith(p));
    const send = (status: number, payload: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(type === 'application/json' ? JSON.stringify(payload) : payload);
    };
    const status = (code: number, reason: string, message: string) => send(code, { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason, message, code });
    if (!prefix) return status(404, 'NotFound', 'the server could not find the requested resource');
    const [resource, name, sub] = call.path.slice(prefix.length).split('/');
    const forced = this.failNext.get(`${call.method} ${resource}`);
    if (forced) {
      this.failNext.delete(`${call.method} ${resource}`);
      return status(forced, 'InternalError', 'forced by the test');
    }
    const key = `${resource}/${name ?? call.body?.metadata?.name}`;
    const found = this.objects.get(key);
    if (sub === 'log') {
      if (!found) return status(404, 'NotFound', `pods "${name}" not found`);
      const log = this.logs.get(call.query.previous === 'true' ? `${name}/previous` : name);
      return log === undefined ? status(400, 'BadRequest', `container "microservice" in pod "${name}" is waiting to start`) : send(200, log, 'text/plain');
    }
    if (call.method === 'GET' && !name) {
      const wanted = (call.query.labelSelector ?? '').split(',').filter(Boolean).map((s) => s.split('='));
      const items = [...this.objects.entries()].filter(([k]) => k.startsWith(`${resource}/`)).map(([, o]) => o)
        .filter((o) => wanted.every(([k, v]) => o.metadata.labels?.[k] === v));
      return send(200, { kind: 'List', apiVersion: 'v1', metadata: { resourceVersion: String(this.version) }, items });
    }
    if (call.method === 'POST') {
      if (found) return status(409, 'AlreadyExists', `${resource} "${call.body.metadata.name}" already exists`);
      return send(201, this.store(key, call.body, undefined));
    }
    if (!found) return status(404, 'NotFound', `${resource} "${name}" not found`);
    if (call.method === 'GET') return send(200, found);
    if (call.method === 'PUT') {
      const rv = call.body.metadata?.resourceVersion;
      if (rv && rv !== found.metadata.resourceVersion) return status(409, 'Conflict', 'the object has been modified');
      return send(200, this.store(key, call.body, found));
    }
    if (call.method === 'DELETE') {
      this.objects.delete(key);
      return send(200, { kind: 'Status', apiVersion: 'v1', status: 'Success', details: { name, kind: resource } });
    }
    return status(405, 'MethodNotAllowed', call.method);
  }

  private store(key: string, body: Obj, previous: Obj | undefined): Obj {
    const obj = structuredClone(body);
    obj.metadata = { ...obj.metadata, namespace: this.namespace, resourceVersion: String(this.version++), uid: previous?.metadata.uid ?? `uid-${this.version}` };
    if (obj.kind === 'Service') {
      obj.spec.clusterIP ??= previous?.spec.clusterIP ?? '10.96.0.10';
      // Like the API server: node ports only for the types that publish on nodes.
      if (obj.spec.type === 'NodePort' || obj.spec.type === 'LoadBalancer') for (const p of obj.spec.ports ?? []) p.nodePort ??= this.nodePort++;
    }
    this.objects.set(key, obj);
    return obj;
  }
}
