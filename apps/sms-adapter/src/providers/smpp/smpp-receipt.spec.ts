import { parseReceiptText } from './smpp-receipt';

describe('parseReceiptText', () => {
  it('reads id, stat and err of an SMPP 3.4 Appendix B receipt', () => {
    expect(parseReceiptText('id:0a1b2c sub:001 dlvrd:001 submit date:2611231500 done date:2611231501 stat:DELIVRD err:000 text:hello')).toEqual({ messageId: '0a1b2c', state: 'DELIVRD', status: 'DeliveredToTerminal' });
    expect(parseReceiptText('id:77 sub:001 dlvrd:000 submit date:2611231500 done date:2611231501 stat:UNDELIV err:034 text:')).toEqual({ messageId: '77', state: 'UNDELIV', status: 'DeliveryImpossible', error: '034' });
    expect(parseReceiptText('id:77 stat:UNKNOWN')?.status).toBe('DeliveryUncertain');
  });

  it('gives nothing for text that is no receipt', () => {
    expect(parseReceiptText('hello there')).toBeUndefined();
    expect(parseReceiptText('id:1 stat:WEIRD')).toBeUndefined();
  });
});
