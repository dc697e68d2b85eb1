import { isProcessingMode, PROCESSING_MODES, ProcessingMode } from '@berth/contracts';
import { DomainError } from './domain-error';

/** `X-<Brand>-Processing-Mode`, e.g. `X-Cumulocity-Processing-Mode` (brand token BERTH_BRAND_HEADER). */
export function processingModeHeader(brandHeader: string): string {
  return `x-${brandHeader.toLowerCase()}-processing-mode`;
}

/**
 * The processing mode a request asks for: PERSISTENT when the header is absent or empty; its
 * value is matched case-insensitively. Any other value is the client's mistake: 422.
 */
export function parseProcessingMode(headers: Record<string, string | string[] | undefined>, brandHeader: string): ProcessingMode {
  const raw = headers[processingModeHeader(brandHeader)];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
  if (!value) return 'PERSISTENT';
  if (!isProcessingMode(value)) {
    throw new DomainError('processingMode', 'Unprocessable Entity',
      `unknown processing mode "${String(raw)}"; use one of ${PROCESSING_MODES.join(', ')}`);
  }
  return value;
}
