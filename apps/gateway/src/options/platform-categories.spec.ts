import { isPlatformReservedName } from '@berth/contracts';
import { CORS_CATEGORY } from '../cors/cors-policy';
import { RATE_LIMIT_CATEGORY } from '../rate-limit/rate-limit-options';
import { owningApp } from '../routing/route-table';

describe('the option categories and service paths the gateway gives meaning to', () => {
  it('are all reserved for the platform', () => {
    for (const category of [CORS_CATEGORY, RATE_LIMIT_CATEGORY, 'token.publicKey', 'two-factor-authentication']) expect(isPlatformReservedName(category)).toBe(true);
    expect(owningApp('/service/messaging/smsmessaging')).toBe('sms-adapter');
    expect(isPlatformReservedName('messaging')).toBe(true);
  });
});
