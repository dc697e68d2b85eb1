import { deliveryInfosPath, isPending, parseSentLog, SENT_KEPT, sendRequest, sentStorageKey, withSent, type SentMessage } from './sms-model';

describe('sending an SMS from the console', () => {
  it('sends from the typed sender, else from the tenant\'s configured one', () => {
    expect(sendRequest({ to: '+4915198765432', text: 'hello', senderAddress: '+4915112345678', senderName: ' Acme ' })).toEqual({
      path: '/service/messaging/smsmessaging/outbound/tel%3A%2B4915112345678/requests',
      body: { outboundSMSMessageRequest: { address: ['tel:+4915198765432'], senderAddress: 'tel:+4915112345678', senderName: 'Acme', outboundSMSTextMessage: { message: 'hello' } } },
    });
    expect(sendRequest({ to: 'tel:+4915198765432', text: 'hi', senderAddress: '', senderName: '' }, 'tel:+4911111111')).toMatchObject({
      path: '/service/messaging/smsmessaging/outbound/tel%3A%2B4911111111/requests',
      body: { outboundSMSMessageRequest: { senderAddress: 'tel:+4911111111' } },
    });
  });

  it('names what to fix', () => {
    expect(sendRequest({ to: '12', text: ' ', senderAddress: '', senderName: '' }, null)).toEqual({
      problems: ['Recipient must be an international number such as +4915198765432.', 'Enter a sender address: the tenant has none configured.', 'Enter the message.'],
    });
    expect(sendRequest({ to: '+4915198765432', text: 'x', senderAddress: 'abc', senderName: '' }, 'tel:+4911111111')).toEqual({
      problems: ['Sender address must be an international number such as +4915112345678.'],
    });
  });

  it('follows a delivery until every recipient has a final status', () => {
    expect(isPending(undefined)).toBe(true);
    expect(isPending([])).toBe(true);
    expect(isPending([{ address: 'tel:+1', deliveryStatus: 'MessageWaiting' }])).toBe(true);
    expect(isPending([{ address: 'tel:+1', deliveryStatus: 'DeliveredToNetwork' }])).toBe(true);
    expect(isPending([{ address: 'tel:+1', deliveryStatus: 'DeliveredToTerminal' }, { address: 'tel:+2', deliveryStatus: 'DeliveryImpossible' }])).toBe(false);
    expect(isPending([{ address: 'tel:+1', deliveryStatus: 'DeliveryUncertain' }])).toBe(false);
  });

  it('reads the delivery at the path of the answered resource URL, whatever its host', () => {
    expect(deliveryInfosPath('https://public.example.com/service/messaging/smsmessaging/outbound/tel%3A%2B4915112345678/requests/abc'))
      .toBe('/service/messaging/smsmessaging/outbound/tel%3A%2B4915112345678/requests/abc/deliveryInfos');
  });

  it('remembers the last sent messages per tenant and user, ignoring what it cannot read', () => {
    const message = (n: number): SentMessage => ({ resourceURL: `http://h/r/${n}`, to: 'tel:+1', text: `m${n}`, sentAt: '2026-01-01T00:00:00.000Z' });
    expect(sentStorageKey('t1', 'admin')).toBe('berth.console.sms.sent/t1/admin');
    expect(parseSentLog(null)).toEqual([]);
    expect(parseSentLog('not json')).toEqual([]);
    expect(parseSentLog(JSON.stringify({ a: 1 }))).toEqual([]);
    expect(parseSentLog(JSON.stringify([message(1), { resourceURL: 2 }]))).toEqual([message(1)]);
    let log: SentMessage[] = [];
    for (let n = 0; n < SENT_KEPT + 2; n++) log = withSent(log, message(n));
    expect(log).toHaveLength(SENT_KEPT);
    expect(log[0]).toEqual(message(SENT_KEPT + 1));
    expect(withSent([message(1)], message(1))).toEqual([message(1)]);
  });
});
