import { z } from '@berth/config';
import { AllowedEndpoints } from './allowed-endpoints';
import { cidrList } from './blocked-addresses';

/** A comma-separated list, its entries trimmed, checked by `check` (which throws naming a bad entry) at start-up. */
const checkedList = (check: (entries: string[]) => unknown) => z.string().default('')
  .transform((v) => v.split(',').map((c) => c.trim()).filter(Boolean))
  .superRefine((entries, ctx) => {
    try { check(entries); } catch (err) { ctx.addIssue({ code: 'custom', message: (err as Error).message }); }
  });

/** A comma-separated list of IP addresses and CIDR blocks of either family (`10.0.0.0/8`, `::1`), checked at start-up. */
export const addressListSchema = () => checkedList(cidrList);

/** The env of the outbound guard (OutboundPolicy); merge into the config of an app that calls user-supplied URLs. */
export const outboundConfigSchema = z.object({
  BERTH_OUTBOUND_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true')
    .describe('`true` turns the outbound guard off: user-supplied URLs and hosts (SMS `notifyUrl`, SMS provider URLs and SMSC hosts, OAuth2 login option endpoints) may then reach loopback, private and link-local addresses. `npm start` refuses to start with it; let single endpoints or networks through with `BERTH_OUTBOUND_ALLOW_HOSTS` or `BERTH_OUTBOUND_ALLOW_CIDRS` instead.'),
  BERTH_OUTBOUND_ALLOW_CIDRS: addressListSchema()
    .describe('Comma-separated CIDRs (or addresses) that user-supplied URLs may reach although private, e.g. an SMSC\'s `10.20.0.0/16`.'),
  BERTH_OUTBOUND_ALLOW_HOSTS: checkedList((entries) => new AllowedEndpoints(entries))
    .describe('Comma-separated exact `host:port` endpoints user-supplied URLs may reach although private, e.g. a local test SMSC\'s `127.0.0.1:2775`.'),
});
