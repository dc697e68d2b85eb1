/** Defaults of CLIENTS.md "hosting contract" for a manifest without `resources`. */
export const DEFAULT_RESOURCES = { cpu: '0.5', memory: '512M' } as const;
