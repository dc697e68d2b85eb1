import { defineContract } from '../contract';
import { Topics } from '../catalogue';
import type { ApplicationCreatedV1 } from './application-created.v1';

/** The application as it is after the update, and what changed. */
export interface ApplicationUpdatedV1 extends ApplicationCreatedV1 {
  /** The top-level fields the update changed. */
  changed: string[];
}

/** An application's fields changed (a PUT). Key: the application id. */
export const ApplicationUpdated = defineContract<ApplicationUpdatedV1>(Topics.applicationEvents, 'ApplicationUpdated', 1);
