import type { DeliveryStatus } from '../sms-provider';

/** SMPP 3.4 Appendix B receipt states, as OneAPI delivery statuses. */
const STATES: Record<string, DeliveryStatus> = {
  DELIVRD: 'DeliveredToTerminal', ACCEPTD: 'DeliveredToNetwork', ENROUTE: 'DeliveredToNetwork',
  EXPIRED: 'DeliveryImpossible', DELETED: 'DeliveryImpossible', UNDELIV: 'DeliveryImpossible', REJECTD: 'DeliveryImpossible',
  UNKNOWN: 'DeliveryUncertain',
};

export interface SmppReceipt { messageId: string; state: string; status: DeliveryStatus; error?: string }

/**
 * Reads a delivery receipt's text (`id:IIIIIIIIII sub:SSS dlvrd:DDD submit date:YYMMDDhhmm done
 * date:YYMMDDhhmm stat:DDDDDDD err:E text:…`); undefined when it has no id or no known `stat`.
 */
export function parseReceiptText(text: string): SmppReceipt | undefined {
  const id = /(?:^|\s)id:(\S+)/i.exec(text)?.[1];
  const state = /(?:^|\s)stat:(\S+)/i.exec(text)?.[1]?.toUpperCase();
  const error = /(?:^|\s)err:(\S+)/i.exec(text)?.[1];
  if (!id || !state || !STATES[state]) return undefined;
  return { messageId: id, state, status: STATES[state], ...(error && error !== '000' ? { error } : {}) };
}
