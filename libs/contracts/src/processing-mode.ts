/** How an update is processed (DESIGN.md section 7); carried on every command and event. */
export const PROCESSING_MODES = ['PERSISTENT', 'TRANSIENT', 'QUIESCENT', 'CEP'] as const;
export type ProcessingMode = (typeof PROCESSING_MODES)[number];

export function isProcessingMode(value: unknown): value is ProcessingMode {
  return typeof value === 'string' && (PROCESSING_MODES as readonly string[]).includes(value);
}
