import { Provider } from '@nestjs/common';
import { SecretBox, secretBoxFromConfig } from '@berth/auth';
import { SUBSCRIPTION_CONFIG } from '../../config/subscription-config.token';
import type { SubscriptionConfig } from '../../config/subscription.env';

/** Injection token of the app's SecretBox (BERTH_SECRETS_KEY, BERTH_SECRETS_PREVIOUS_KEYS). */
export const SECRET_BOX = Symbol('SECRET_BOX');

export const secretBoxProvider: Provider<SecretBox> = {
  provide: SECRET_BOX,
  inject: [SUBSCRIPTION_CONFIG],
  useFactory: (config: SubscriptionConfig) => secretBoxFromConfig(config),
};
