import { defineContract } from '../contract';
import { Topics } from '../catalogue';

export interface ApplicationCreatedV1 {
  id: string;
  name: string;
  type: 'EXTERNAL' | 'HOSTED' | 'MICROSERVICE' | 'APAMA_CEP_RULE';
  ownerTenant: string;
}

/** An application was registered. Key: the application id. */
export const ApplicationCreated = defineContract<ApplicationCreatedV1>(Topics.applicationEvents, 'ApplicationCreated', 1);
