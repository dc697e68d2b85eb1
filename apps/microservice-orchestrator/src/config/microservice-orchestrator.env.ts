import { baseConfigSchema, internalPortSchema, z } from '@berth/config';

export const orchestratorConfigSchema = baseConfigSchema.merge(internalPortSchema(3105));
export type OrchestratorConfig = z.infer<typeof orchestratorConfigSchema>;
