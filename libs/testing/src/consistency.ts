import { randomBytes } from 'node:crypto';
import { microserviceZip } from './archives';
import { gw } from './gateway-client';
import { basic, testStack } from './stack-env';

/**
 * How often each read-your-writes sequence runs, with fresh resources every round: a propagation
 * race lost now and then shows up as a failed round, so one round proves little.
 */
export const ROUNDS = 20;

export type Credentials = [string, string];
export interface Answer { status: number; headers: Headers; body: any }
/** An answer's expected status (one of several where the contract allows either), and its error resource's `error` if it is one. */
export interface Expected { status: number | readonly number[]; error?: string }

/** A step of a round answered other than expected: the round ends there. */
export class StepFailed extends Error {
  constructor(readonly step: string, detail: string) {
    super(`step "${step}": ${detail}`);
  }
}

const shown = (res: Answer) => `${res.status} ${JSON.stringify(res.body) ?? ''}`.slice(0, 400);

/**
 * One round of a sequence. Each step is one request, sent only once the previous answer arrived,
 * and checked as soon as it arrives: nothing waits or retries between steps.
 */
export class Round {
  constructor(readonly index: number) {}

  /** Sends `request` and checks its status (and error) at once. */
  async step(name: string, request: () => Promise<Answer>, expected: number | readonly number[] | Expected): Promise<Answer> {
    const want: Expected = typeof expected === 'object' && !Array.isArray(expected) ? expected as Expected : { status: expected as number | readonly number[] };
    const res = await request();
    const statuses: readonly number[] = typeof want.status === 'number' ? [want.status] : want.status;
    if (!statuses.includes(res.status)) throw new StepFailed(name, `expected ${statuses.join(' or ')}, got ${shown(res)}`);
    if (want.error !== undefined && res.body?.error !== want.error) throw new StepFailed(name, `expected error ${want.error}, got ${shown(res)}`);
    return res;
  }

  /** A condition on an answer the round already has (what a read listed). */
  check(name: string, holds: boolean, res: Answer): void {
    if (!holds) throw new StepFailed(name, `not so in ${shown(res)}`);
  }
}

/**
 * Runs a sequence ROUNDS times, one round after another. `setup` makes the round's fresh
 * resources and may wait for them (it is not under test; an error there fails the test as it is);
 * `steps` is the sequence under test. Every round runs; the test then fails naming each failed
 * round with its first unexpected step.
 */
export async function inRounds<R>(sequence: string, setup: (round: number) => Promise<R>, steps: (round: Round, resources: R) => Promise<void>): Promise<void> {
  const failures: string[] = [];
  for (let index = 1; index <= ROUNDS; index++) {
    const resources = await setup(index);
    try {
      await steps(new Round(index), resources);
    } catch (err) {
      if (!(err instanceof StepFailed)) throw err;
      failures.push(`round ${index}: ${err.message}`);
    }
  }
  if (failures.length > 0) throw new Error(`${sequence}: ${failures.length} of ${ROUNDS} rounds failed\n${failures.join('\n')}`);
}

/** A name no other spec or run uses (application names are unique across tenants). */
export const uniqueName = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

/** Creates an application as `as` through the gateway; answers it, or throws (setup only). */
export async function newApplication(as: Credentials, fields: Record<string, unknown>): Promise<{ id: string; name: string; key: string }> {
  const res = await gw('/application/applications', { method: 'POST', as, body: fields });
  if (res.status !== 201) throw new Error(`application not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The fields of a new MICROSERVICE with a fresh name and key. */
export function microserviceFields(extra: Record<string, unknown> = {}): Record<string, unknown> {
  const name = uniqueName('cons');
  return { name, key: `${name}-key`, type: 'MICROSERVICE', ...extra };
}

/** The manifest-only microservice ZIP of version 1.0.0 of `name` (an image no engine starts as a service). */
export const manifestZip = (name: string) => microserviceZip({ apiVersion: '2', name, version: '1.0.0', provider: { name: 'berth' } });

/** Uploads a ZIP as the application's binary through the gateway. */
export async function uploadZip(applicationId: string, as: Credentials, zip: Buffer, gateway = testStack.gatewayUrl): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([zip]), 'app.zip');
  const res = await fetch(`${gateway}/application/applications/${applicationId}/binaries`, {
    method: 'POST', body: form, headers: { accept: 'application/json', authorization: basic(...as) },
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** `POST /tenant/tenants/{tenant}/applications`: subscribes `tenant` to the application. */
export const subscribeTenant = (tenant: string, applicationId: string, as: Credentials, gateway?: string) =>
  gw(`/tenant/tenants/${tenant}/applications`, { method: 'POST', as, body: { application: { id: applicationId } }, gateway });

/** `DELETE /tenant/tenants/{tenant}/applications/{id}`: ends the subscription. */
export const unsubscribeTenant = (tenant: string, applicationId: string, as: Credentials, gateway?: string) =>
  gw(`/tenant/tenants/${tenant}/applications/${applicationId}`, { method: 'DELETE', as, gateway });

/** The registry's view: `GET /application/applicationsByTenant/{tenant}`. */
export const registryApplicationsOf = (tenant: string, as: Credentials, gateway?: string) =>
  gw(`/application/applicationsByTenant/${tenant}?pageSize=100`, { as, gateway });

/** The subscription app's view: `GET /tenant/tenants/{tenant}/applications`. */
export const subscribedApplicationsOf = (tenant: string, as: Credentials, gateway?: string) =>
  gw(`/tenant/tenants/${tenant}/applications?pageSize=100`, { as, gateway });

/** Whether an application collection lists `applicationId`. */
export const listsApplication = (res: Answer, applicationId: string) =>
  (res.body?.applications ?? []).some((a: { id: string }) => a.id === applicationId);

/** Whether an application reference collection lists `applicationId`. */
export const referencesApplication = (res: Answer, applicationId: string) =>
  (res.body?.references ?? []).some((r: { application: { id: string } }) => r.application.id === applicationId);

/** A new password meeting the platform's rules. */
export const newPassword = () => `Pw-${randomBytes(9).toString('base64url')}`;
