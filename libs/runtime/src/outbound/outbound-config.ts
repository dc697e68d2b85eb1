import { z } from '@berth/config';
import { cidrList } from './blocked-addresses';

/** The env of the outbound guard (OutboundPolicy); merge into the config of an app that calls user-supplied URLs. */
export const outboundConfigSchema = z.object({
  /** `true`: user-supplied URLs may name loopback, private and link-local addresses (the local stack and tests). */
  BERTH_OUTBOUND_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** Comma-separated CIDRs (or addresses) that user-supplied URLs may reach although private, e.g. an SMSC's `10.20.0.0/16`. */
  BERTH_OUTBOUND_ALLOW_CIDRS: z.string().default('')
    .transform((v) => v.split(',').map((c) => c.trim()).filter(Boolean))
    .superRefine((cidrs, ctx) => {
      try { cidrList(cidrs); } catch (err) { ctx.addIssue({ code: 'custom', message: (err as Error).message }); }
    }),
});
