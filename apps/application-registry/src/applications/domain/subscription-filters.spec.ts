import type { Principal } from '@berth/auth';
import { checkSubscriptionFilters } from './subscription-filters';

const M = 'management';
const p = (tenant: string, roles: string[]): Principal => ({ tenant, user: 'u', roles, kind: 'user' });
const READ = ['ROLE_APPLICATION_MANAGEMENT_READ'];
const outcome = (fn: () => void) => { try { fn(); return 'ok'; } catch (e: any) { return `${e.status} ${e.resource}/${e.kind}`; } };

describe('subscription filters', () => {
  it('refuses another tenant\'s subscriber, providedFor or tenant filter with 403', () => {
    for (const filter of ['subscriber', 'providedFor', 'tenant'] as const) {
      expect(outcome(() => checkSubscriptionFilters({ [filter]: 'b' }, p('a', READ), M))).toBe('403 security/Forbidden');
      expect(outcome(() => checkSubscriptionFilters({ [filter]: 'a' }, p('a', READ), M))).toBe('ok');
      expect(outcome(() => checkSubscriptionFilters({ [filter]: 'b' }, p(M, [...READ, 'ROLE_TENANT_MANAGEMENT_READ']), M))).toBe('ok');
      expect(outcome(() => checkSubscriptionFilters({ [filter]: 'b' }, p(M, READ), M))).toBe('403 security/Forbidden');
    }
  });

  it('leaves the owner, name, type and user filters alone', () => {
    expect(outcome(() => checkSubscriptionFilters({ owner: 'b', name: 'x', type: ['HOSTED'], user: 'x' }, p('a', READ), M))).toBe('ok');
  });
});
