/** How an update is processed (docs/api/conventions.md); carried on every command and event. */
export const PROCESSING_MODES = ['PERSISTENT', 'TRANSIENT', 'QUIESCENT', 'CEP'] as const;
export type ProcessingMode = (typeof PROCESSING_MODES)[number];

export function isProcessingMode(value: unknown): value is ProcessingMode {
  return typeof value === 'string' && (PROCESSING_MODES as readonly string[]).includes(value);
}

/** QUIESCENT and CEP are defined for measurements and events only; elsewhere they act as PERSISTENT. */
export function effectiveProcessingMode(mode: ProcessingMode, measurementOrEvent: boolean): ProcessingMode {
  return measurementOrEvent || mode === 'PERSISTENT' || mode === 'TRANSIENT' ? mode : 'PERSISTENT';
}

/** Whether an update in this (effective) mode is stored. */
export function isStored(mode: ProcessingMode): boolean {
  return mode === 'PERSISTENT' || mode === 'QUIESCENT';
}

/** Whether an update in this (effective) mode goes to real-time notifications. */
export function isNotified(mode: ProcessingMode): boolean {
  return mode === 'PERSISTENT' || mode === 'TRANSIENT';
}
