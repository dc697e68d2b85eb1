/** The resources of a microservice whose manifest names none (docs/microservices.md). */
export const DEFAULT_RESOURCES = { cpu: '0.5', memory: '512M' } as const;
