import { useCallback, useEffect, useRef, useState } from 'react';
import { Empty } from '../../components/feedback';
import { Table, type Column } from '../../components/table';
import { errorMessage } from '../../errors';
import { useInterval, useSession } from '../../hooks';
import { requestJson } from '../../rest';
import { deliveryInfosPath, isPending, type DeliveryInfo, type SentMessage } from './sms-model';

/** How often the list asks again while a delivery is pending. */
const REFRESH_MS = 2000;

interface Delivery { infos?: DeliveryInfo[]; error?: string }

const stillPending = (d: Delivery | undefined) => !d || (!d.error && isPending(d.infos));

/** Reads each sent message's delivery once, then again every REFRESH_MS while any is pending; `refresh()` reads them all again. */
function useDeliveries(sent: readonly SentMessage[]): { deliveries: Record<string, Delivery>; refresh(): void } {
  const { client } = useSession();
  const [deliveries, setDeliveries] = useState<Record<string, Delivery>>({});
  const reading = useRef(false);
  const read = useCallback(async (messages: readonly SentMessage[]) => {
    if (reading.current || messages.length === 0) return;
    reading.current = true;
    try {
      const answers = await Promise.all(messages.map(async (message): Promise<[string, Delivery]> => {
        try {
          const answer = await requestJson<{ deliveryInfoList: { deliveryInfo: DeliveryInfo[] } }>(client, deliveryInfosPath(message.resourceURL));
          return [message.resourceURL, { infos: answer.deliveryInfoList.deliveryInfo }];
        } catch (err) {
          return [message.resourceURL, { error: errorMessage(err) }];
        }
      }));
      setDeliveries((known) => ({ ...known, ...Object.fromEntries(answers) }));
    } finally {
      reading.current = false;
    }
  }, [client]);
  const pending = sent.filter((m) => stillPending(deliveries[m.resourceURL]));
  const unread = sent.filter((m) => !deliveries[m.resourceURL]);
  // A message just sent is read at once; the pending ones on every tick.
  useEffect(() => { void read(unread); }, [read, unread.map((m) => m.resourceURL).join(' ')]);
  useInterval(() => { void read(pending); }, REFRESH_MS, pending.length > 0);
  return { deliveries, refresh: () => { void read(sent); } };
}

/** The messages sent from this browser tab, newest first, with each recipient's delivery status. */
export function SentMessages({ sent }: { sent: readonly SentMessage[] }) {
  const { deliveries, refresh } = useDeliveries(sent);
  const columns: Column<SentMessage>[] = [
    { title: 'Sent', cell: (m) => new Date(m.sentAt).toLocaleString() },
    { title: 'Recipient', cell: (m) => m.to.replace(/^tel:/, '') },
    { title: 'Message', cell: (m) => m.text },
    { title: 'Delivery', cell: (m) => <DeliveryStatus delivery={deliveries[m.resourceURL]} /> },
  ];
  return (
    <section aria-labelledby="sent-title" className="card">
      <div className="title-row">
        <h2 id="sent-title">Sent messages</h2>
        {sent.length > 0 && <button type="button" onClick={refresh}>Refresh</button>}
      </div>
      {sent.length === 0
        ? <Empty>No message sent from this browser tab yet. The platform keeps no list of sent messages: the console remembers the ones it sent.</Empty>
        : <Table caption="Sent messages and their delivery" columns={columns} rows={[...sent]} rowKey={(m) => m.resourceURL} />}
    </section>
  );
}

function DeliveryStatus({ delivery }: { delivery?: Delivery }) {
  if (!delivery) return <span className="hint">Reading…</span>;
  if (delivery.error) return <span className="bad">{delivery.error}</span>;
  if (!delivery.infos?.length) return <span className="hint">No delivery yet</span>;
  return (
    <ul className="plain">
      {delivery.infos.map((info) => (
        <li key={info.address}>{info.deliveryStatus}{info.description ? `: ${info.description}` : ''}</li>
      ))}
    </ul>
  );
}
