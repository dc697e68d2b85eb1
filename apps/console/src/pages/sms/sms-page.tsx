import { useState } from 'react';
import { ErrorBanner, Loading } from '../../components/feedback';
import { useLoad, useSession } from '../../hooks';
import { requestJson } from '../../rest';
import type { ProviderConfiguration, ProviderDefinition } from './provider-form';
import { ProviderSettings } from './provider-settings';
import { SendSms } from './send-sms';
import { SentMessages } from './sent-messages';
import { parseSentLog, sentStorageKey, withSent, type SentMessage } from './sms-model';

const PROVIDERS = '/service/messaging/providers';

/** Sending an SMS and following its delivery, and the tenant's SMS provider (docs/api/sms.md). */
export function SmsPage() {
  const session = useSession();
  const { client } = session;
  const storageKey = sentStorageKey(session.tenant, String(session.user.userName ?? session.user.id));
  const definitions = useLoad(() => requestJson<{ definitions: ProviderDefinition[] }>(client, `${PROVIDERS}/definitions`), 'definitions');
  const configuration = useLoad(() => requestJson<ProviderConfiguration>(client, `${PROVIDERS}/configuration`), 'configuration');
  const [saved, setSaved] = useState<ProviderConfiguration>();
  const current = saved ?? configuration.data;
  const [sent, setSent] = useState<SentMessage[]>(() => parseSentLog(window.sessionStorage.getItem(storageKey)));

  const remember = (message: SentMessage) => setSent((log) => {
    const next = withSent(log, message);
    window.sessionStorage.setItem(storageKey, JSON.stringify(next));
    return next;
  });

  return (
    <section aria-labelledby="sms-title">
      <h1 id="sms-title">SMS</h1>
      <SendSms configuration={current} onSent={remember} />
      <SentMessages sent={sent} />
      <section aria-labelledby="provider-title" className="card">
        <h2 id="provider-title">Provider settings</h2>
        <ErrorBanner message={definitions.error ?? configuration.error} />
        {(definitions.loading || configuration.loading) && !(definitions.data && current) && <Loading what="the provider settings" />}
        {definitions.data && current && <ProviderSettings definitions={definitions.data.definitions} configuration={current} onSaved={setSaved} />}
      </section>
    </section>
  );
}
