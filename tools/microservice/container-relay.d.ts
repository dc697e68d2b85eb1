/** See container-relay.js. */
export function bridgeGateway(dockerHost?: string): Promise<string | undefined>;
export function startContainerRelay(targetPort: number, port: number, onSkip?: (reason: string) => void): Promise<{ url: string; close(): Promise<void> } | undefined>;
