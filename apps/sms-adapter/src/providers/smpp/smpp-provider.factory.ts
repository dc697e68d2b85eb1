import { smsProvider } from '@berth/contracts';
import type { OutboundPolicy } from '@berth/runtime';
import type { ProviderSink, SmsProvider, SmsProviderFactory } from '../sms-provider';
import { SmppProvider } from './smpp-provider';

const DEFAULT_PORT = 2775;

/** SMPP 3.4 providers from `smpp.host`, `.port` (default 2775), `.systemId`, `credentials.smpp.password`, `.systemType`. */
export class SmppProviderFactory implements SmsProviderFactory {
  readonly definition = smsProvider('smpp')!;

  constructor(private readonly outbound: OutboundPolicy) {}

  create(_tenant: string, settings: Readonly<Record<string, string>>, sink: ProviderSink): SmsProvider {
    const port = Number(settings.port || DEFAULT_PORT);
    return new SmppProvider({
      host: settings.host ?? '127.0.0.1', port: Number.isInteger(port) && port > 0 && port < 65536 ? port : DEFAULT_PORT,
      systemId: settings.systemId ?? '', password: settings.password ?? '', systemType: settings.systemType ?? '',
    }, sink, this.outbound);
  }
}
