import { isPlatformReservedName, MESSAGING_CATEGORY, RUNTIME_OPTIONS_CATEGORY } from '@berth/contracts';
import { TFA_CATEGORY } from '../../identity/infrastructure/tfa-settings';
import { ACCESS_CONTROL_CATEGORY } from './validators/allow-origin.validator';
import { PUBLIC_KEY_CATEGORY } from './validators/public-key.validator';
import { AUTHENTICATION_CATEGORIES, PLATFORM_CATEGORIES } from './option-write-right';

describe('the option categories tenant-options gives meaning to', () => {
  it('are all reserved for the platform, so no tenant microservice reads their secrets', () => {
    for (const category of [MESSAGING_CATEGORY, RUNTIME_OPTIONS_CATEGORY, TFA_CATEGORY, ACCESS_CONTROL_CATEGORY, PUBLIC_KEY_CATEGORY, ...AUTHENTICATION_CATEGORIES, ...PLATFORM_CATEGORIES]) {
      expect(isPlatformReservedName(category)).toBe(true);
    }
  });
});
