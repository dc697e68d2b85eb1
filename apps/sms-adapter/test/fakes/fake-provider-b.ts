import { randomBytes } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import { basicCredentials, FakeAnswer, FakeHttpServer, postJson } from './fake-http-server';

export interface FakeBRequest {
  id: string;
  senderAddress: string;
  address: string[];
  message: string;
  senderName?: string;
  clientCorrelator?: string;
  receiptRequest?: { notifyURL: string; callbackData: string };
  status: string;
  description?: string;
}

const MESSAGING = '/smsmessaging/v1';
const TOKEN_PATH = '/oauth2/token';
const TEL = /^tel:\+[1-9]\d{6,14}$/;

const serviceError = (status: number, messageId: string, text: string, variables: string[]): FakeAnswer => ({ status, body: { requestError: { serviceException: { messageId, text, variables } } } });

/**
 * Provider B's side: an OAuth2 token endpoint (`POST /oauth2/token`, client credentials with
 * Basic client authentication) and a GSMA OneAPI SMS API under `/smsmessaging/v1` that accepts
 * only live bearer tokens: `POST /outbound/{sender}/requests` (a repeated clientCorrelator answers
 * the first request), `GET …/requests/{id}/deliveryInfos`. Tests set statuses, push
 * deliveryInfoNotifications to the notifyURL, expire or revoke tokens, and inject failures.
 */
export class FakeProviderB {
  readonly server = new FakeHttpServer((req, body, url) => this.route(req, body, url));
  readonly requests: FakeBRequest[] = [];
  /** Tokens issued, with their expiry (ms since epoch). */
  readonly tokens = new Map<string, number>();
  tokenLifetimeSeconds = 3600;
  private seq = 0;

  constructor(readonly clientId = 'berth-client', readonly clientSecret = 'b-client-secret') {}

  async start(port?: number): Promise<string> {
    return this.server.start(port);
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  /** The settings a tenant stores for this fake (keys without the `http-b.` prefix). */
  settings(extra: Record<string, string> = {}): Record<string, string> {
    return { username: this.clientId, password: this.clientSecret, authUrl: `${this.server.url}${TOKEN_PATH}`, messagingUrl: `${this.server.url}${MESSAGING}`, ...extra };
  }

  get tokenRequests(): number {
    return this.server.requestsTo('POST', new RegExp(`^${TOKEN_PATH}$`)).length;
  }

  /** Every issued token stops working at once (as after a key rotation at the provider). */
  revokeTokens(): void {
    this.tokens.clear();
  }

  setStatus(id: string, status: string, description?: string): void {
    const request = this.find(id);
    request.status = status;
    request.description = description;
  }

  /** POSTs the request's current status as a deliveryInfoNotification to its notifyURL; resolves to the answer's status. */
  notify(id: string): Promise<number> {
    const request = this.find(id);
    if (!request.receiptRequest) throw new Error(`request ${id} asked for no receipt`);
    const notification = {
      deliveryInfoNotification: {
        callbackData: request.receiptRequest.callbackData,
        deliveryInfo: { address: request.address[0], deliveryStatus: request.status, ...(request.description ? { description: request.description } : {}) },
        link: [{ rel: 'OutboundSMSMessageRequest', href: this.resourceUrl(request) }],
      },
    };
    return postJson(request.receiptRequest.notifyURL, JSON.stringify(notification));
  }

  private find(id: string): FakeBRequest {
    const request = this.requests.find((r) => r.id === id);
    if (!request) throw new Error(`no request ${id}`);
    return request;
  }

  private resourceUrl(r: FakeBRequest): string {
    return `${this.server.url}${MESSAGING}/outbound/${encodeURIComponent(r.senderAddress)}/requests/${r.id}`;
  }

  private route(req: IncomingMessage, body: string, url: URL): FakeAnswer {
    if (url.pathname === TOKEN_PATH && req.method === 'POST') return this.issueToken(req, body);
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const expiry = token ? this.tokens.get(token) : undefined;
    if (!expiry || expiry <= Date.now()) {
      return { status: 401, headers: { 'www-authenticate': 'Bearer error="invalid_token"' }, body: { requestError: { policyException: { messageId: 'POL0001', text: 'Invalid or expired access token', variables: [] } } } };
    }
    const send = new RegExp(`^${MESSAGING}/outbound/([^/]+)/requests$`).exec(url.pathname);
    if (send && req.method === 'POST') return this.submit(decodeURIComponent(send[1]), body);
    const infos = new RegExp(`^${MESSAGING}/outbound/([^/]+)/requests/([^/]+)/deliveryInfos$`).exec(url.pathname);
    if (infos && req.method === 'GET') {
      const request = this.requests.find((r) => r.id === infos[2]);
      if (!request) return serviceError(404, 'SVC0004', 'No valid addresses provided in message part %1', ['requestId']);
      const deliveryInfo = request.address.map((address) => ({ address, deliveryStatus: request.status, ...(request.description ? { description: request.description } : {}) }));
      return { status: 200, body: { deliveryInfoList: { deliveryInfo, resourceURL: `${this.resourceUrl(request)}/deliveryInfos` } } };
    }
    return serviceError(404, 'SVC0001', 'A service error occurred. Error code is %1', [`no route ${req.method} ${url.pathname}`]);
  }

  private issueToken(req: IncomingMessage, body: string): FakeAnswer {
    const client = basicCredentials(req);
    if (client?.user !== this.clientId || client.password !== this.clientSecret) {
      return { status: 401, headers: { 'www-authenticate': 'Basic realm="oauth"' }, body: { error: 'invalid_client', error_description: 'Client authentication failed' } };
    }
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') return { status: 400, body: { error: 'unsupported_grant_type' } };
    const token = randomBytes(16).toString('hex');
    this.tokens.set(token, Date.now() + this.tokenLifetimeSeconds * 1000);
    return { status: 200, headers: { 'cache-control': 'no-store' }, body: { access_token: token, token_type: 'Bearer', expires_in: this.tokenLifetimeSeconds } };
  }

  private submit(sender: string, text: string): FakeAnswer {
    let r: { outboundSMSMessageRequest?: Partial<Omit<FakeBRequest, 'message'>> & { outboundSMSTextMessage?: { message?: unknown } } };
    try {
      r = JSON.parse(text);
    } catch {
      return serviceError(400, 'SVC0001', 'A service error occurred. Error code is %1', ['body is not JSON']);
    }
    const m = r.outboundSMSMessageRequest;
    if (!m) return serviceError(400, 'SVC0002', 'Invalid input value for message part %1', ['outboundSMSMessageRequest']);
    if (!Array.isArray(m.address) || m.address.length === 0 || !m.address.every((a) => TEL.test(a))) return serviceError(400, 'SVC0002', 'Invalid input value for message part %1', ['address']);
    if (m.senderAddress !== sender || !TEL.test(sender)) return serviceError(400, 'SVC0002', 'Invalid input value for message part %1', ['senderAddress']);
    const message = m.outboundSMSTextMessage?.message;
    if (typeof message !== 'string' || !message) return serviceError(400, 'SVC0002', 'Invalid input value for message part %1', ['outboundSMSTextMessage.message']);
    const earlier = m.clientCorrelator ? this.requests.find((q) => q.clientCorrelator === m.clientCorrelator) : undefined;
    const request = earlier ?? {
      id: `req${++this.seq}`, senderAddress: sender, address: m.address, message, status: 'MessageWaiting',
      ...(m.senderName ? { senderName: m.senderName } : {}), ...(m.clientCorrelator ? { clientCorrelator: m.clientCorrelator } : {}), ...(m.receiptRequest ? { receiptRequest: m.receiptRequest } : {}),
    };
    if (!earlier) this.requests.push(request);
    const resourceURL = this.resourceUrl(request);
    return { status: 201, headers: { location: resourceURL }, body: { resourceReference: { resourceURL } } };
  }
}
