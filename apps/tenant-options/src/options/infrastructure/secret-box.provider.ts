import { Provider } from '@nestjs/common';
import { SecretBox, secretBoxFromConfig } from '@berth/auth';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';

/** Injection token of the app's SecretBox (BERTH_SECRETS_KEY, BERTH_SECRETS_PREVIOUS_KEYS). */
export const SECRET_BOX = Symbol('SECRET_BOX');

export const secretBoxProvider: Provider<SecretBox> = {
  provide: SECRET_BOX,
  inject: [TENANT_OPTIONS_CONFIG],
  useFactory: (config: TenantOptionsConfig) => secretBoxFromConfig(config),
};
