import { useEffect, useState } from 'react';
import { Empty } from '../../components/feedback';
import { Table, type Column } from '../../components/table';
import { errorMessage } from '../../errors';
import { useSession } from '../../hooks';
import { requestJson } from '../../rest';
import { deliveryInfosPath, isPending, type DeliveryInfo, type SentMessage } from './sms-model';

/** How often the list asks again while a delivery is pending. */
const REFRESH_MS = 2000;

interface Delivery { infos?: DeliveryInfo[]; error?: string }

const stillPending = (d: Delivery | undefined) => !d || (!d.error && isPending(d.infos));

/** Reads each sent message's delivery, and again every REFRESH_MS while any is pending; `refresh()` reads them all again. */
function useDeliveries(sent: readonly SentMessage[]): { deliveries: Record<string, Delivery>; refresh(): void } {
  const { client } = useSession();
  const [deliveries, setDeliveries] = useState<Record<string, Delivery>>({});
  const [round, setRound] = useState(0);
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const known: Record<string, Delivery> = {};
    const read = async (message: SentMessage) => {
      try {
        const answer = await requestJson<{ deliveryInfoList: { deliveryInfo: DeliveryInfo[] } }>(client, deliveryInfosPath(message.resourceURL));
        known[message.resourceURL] = { infos: answer.deliveryInfoList.deliveryInfo };
      } catch (err) {
        known[message.resourceURL] = { error: errorMessage(err) };
      }
    };
    const refresh = async () => {
      await Promise.all(sent.filter((m) => stillPending(known[m.resourceURL])).map(read));
      if (!alive) return;
      setDeliveries({ ...known });
      if (sent.some((m) => stillPending(known[m.resourceURL]))) timer = setTimeout(refresh, REFRESH_MS);
    };
    void refresh();
    return () => { alive = false; clearTimeout(timer); };
  }, [client, sent, round]);
  return { deliveries, refresh: () => setRound((r) => r + 1) };
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
