/** The orchestrator's view of a microservice, fed by `registry.application.v1`. `_id` is the application id. */
export interface HostedApplication {
  _id: string;
  name: string;
  ownerTenant: string;
  key?: string;
  /** The active version and its binary (ObjectId hex in the registry's GridFS bucket). */
  version?: string;
  binaryId?: string;
  manifest?: Record<string, unknown>;
  /** Every binary ever activated: the images its versions may need again. */
  binaryIds?: string[];
  deleted: boolean;
  /** aggregateVersion of the last ApplicationCreated/Updated and of the last activation applied. */
  infoVersion: number;
  binaryVersion: number;
}

/** One tenant's subscription as the subscription app announced it. `_id` is `<tenant>/<applicationId>`. */
export interface SubscriptionRow {
  _id: string;
  tenant: string;
  applicationId: string;
  subscribed: boolean;
  version: number;
}
