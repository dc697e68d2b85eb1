import { defineContract } from '../contract';
import { Topics } from '../catalogue';

export interface UserChangedV1 {
  tenant: string;
  userName: string;
  /** What changed; `credentials` covers password changes and lockouts, `roles` direct and group roles. */
  change: 'created' | 'updated' | 'credentials' | 'roles' | 'deleted';
}

/** A user was created, changed or removed. Never carries a password. Key: `<tenant>/<userName>`. */
export const UserChanged = defineContract<UserChangedV1>(Topics.userEvents, 'UserChanged', 1);
