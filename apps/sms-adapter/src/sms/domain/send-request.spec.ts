import { DomainError } from '@berth/http';
import { parseSendRequest } from './send-request';

const rules = { pathSender: 'tel:+4915112345678', maxSegments: 2 };
const body = (r: Record<string, unknown>) => ({
  outboundSMSMessageRequest: { address: ['tel:+4917612345678'], senderAddress: 'tel:+4915112345678', outboundSMSTextMessage: { message: 'hi' }, ...r },
});
const refusal = (fn: () => unknown) => {
  try { fn(); } catch (err) { return err instanceof DomainError ? `${err.status} ${err.message}` : String(err); }
  return 'accepted';
};

describe('parseSendRequest', () => {
  it('reads the OneAPI body into E.164 numbers', () => {
    expect(parseSendRequest(body({ receiptRequest: { notifyUrl: 'https://x.example/r', callbackData: 'c' }, clientCorrelator: 'k' }), rules)).toEqual({
      addresses: ['+4917612345678'], senderAddress: '+4915112345678', message: 'hi', senderName: undefined,
      notifyUrl: 'https://x.example/r', callbackData: 'c', clientCorrelator: 'k',
    });
  });

  it('accepts the tenant sender in the path in place of the body sender', () => {
    expect(parseSendRequest(body({ senderAddress: 'tel:+4930123456' }), { ...rules, tenantSender: '+4915112345678' }).senderAddress).toBe('+4930123456');
    expect(refusal(() => parseSendRequest(body({ senderAddress: 'tel:+4930123456' }), rules))).toMatch(/^422 senderAddress in the path/);
  });

  it('names the wrong field', () => {
    expect(refusal(() => parseSendRequest({}, rules))).toMatch(/^422 outboundSMSMessageRequest is missing/);
    expect(refusal(() => parseSendRequest(body({ address: ['tel:+4917612345678', '+4917612345678'] }), rules))).toMatch(/^422 outboundSMSMessageRequest\.address\[1\]/);
    expect(refusal(() => parseSendRequest(body({ address: ['tel:+49'] }), rules))).toMatch(/address\[0\]/);
    expect(refusal(() => parseSendRequest(body({ outboundSMSTextMessage: { message: 'a'.repeat(307) } }), rules))).toMatch(/takes 3 GSM-7 segments; at most 2/);
    expect(refusal(() => parseSendRequest(body({ receiptRequest: { notifyUrl: 5 } }), rules))).toMatch(/receiptRequest\.notifyUrl/);
  });
});
