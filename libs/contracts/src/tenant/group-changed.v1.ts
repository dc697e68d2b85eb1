import { defineContract } from '../contract';
import { Topics } from '../catalogue';

export interface GroupChangedV1 {
  tenant: string;
  groupId: string;
  change: 'created' | 'updated' | 'roles' | 'deleted';
}

/** A user group or its roles changed; its members' effective roles may have changed. Key: `<tenant>/<groupId>`. */
export const GroupChanged = defineContract<GroupChangedV1>(Topics.userEvents, 'GroupChanged', 1);
