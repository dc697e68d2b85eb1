import { defineContract } from '../contract';
import { eventTopic } from '../topics';

export interface ApplicationCreatedV1 {
  id: string;
  name: string;
  type: 'EXTERNAL' | 'HOSTED' | 'MICROSERVICE' | 'APAMA_CEP_RULE';
  ownerTenant: string;
}

/** An application was registered. Key: the application id. */
export const ApplicationCreated = defineContract<ApplicationCreatedV1>(eventTopic('registry', 'application', 1), 'ApplicationCreated', 1);
