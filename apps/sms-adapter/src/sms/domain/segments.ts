/** GSM 03.38 default alphabet (one septet each). */
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** GSM 03.38 extension table: an escape septet plus one. */
const GSM7_EXTENSION = new Set('^{}\\[~]|€\f');

export interface SegmentCount {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
}

/**
 * How many SMS segments `text` takes: GSM-7 when every character is in the default alphabet or
 * its extension (160 septets in one segment, 153 per segment when concatenated), else UCS-2
 * (70 code units, 67 when concatenated). An empty text takes one segment.
 */
export function countSegments(text: string): SegmentCount {
  let septets = 0;
  for (const ch of text) {
    if (GSM7_BASIC.has(ch)) septets += 1;
    else if (GSM7_EXTENSION.has(ch)) septets += 2;
    else return ucs2(text.length);
  }
  return { encoding: 'GSM-7', units: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}

function ucs2(units: number): SegmentCount {
  return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}
