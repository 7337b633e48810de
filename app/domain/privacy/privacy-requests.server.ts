import { recordAudit } from "~/domain/audit/audit-log.server";
import { mediaStore } from "~/lib/configured-media-store.server";
import { proofForExport } from "./delivery-proof-records.server";
import {
  countPersonalData,
  emailReference,
  findPersonalData,
  type PersonalData,
} from "./personal-data.server";

type Actor = { id: string; email: string };

/**
 * The owner's look-up of an address (POPIA s23): what is held, in a summary the page shows.
 * Each look-up is in the audit log under a reference to the address, never the address itself.
 */
export async function lookUpPersonalData(options: {
  email: string;
  actor: Actor;
  clientAddress?: string | null;
}) {
  const data = await findPersonalData({ email: options.email });
  const counts = countPersonalData(data);
  await recordAudit({
    action: "privacy_data_found",
    actorId: options.actor.id,
    actorEmail: options.actor.email,
    subject: `privacy:${emailReference(data.email)}`,
    ipAddress: options.clientAddress ?? null,
    details: counts,
  });
  return summarise(data, counts);
}

/**
 * Everything held, as one JSON document for the person (the export), and its audit line. The
 * proofs of delivery carry their signature and photo inside it, as data URLs.
 */
export async function exportPersonalData(options: {
  email: string;
  actor: Actor;
  clientAddress?: string | null;
  now?: Date;
}) {
  const data = await findPersonalData({ email: options.email });
  await recordAudit({
    action: "privacy_data_exported",
    actorId: options.actor.id,
    actorEmail: options.actor.email,
    subject: `privacy:${emailReference(data.email)}`,
    ipAddress: options.clientAddress ?? null,
    details: countPersonalData(data),
  });
  const store = mediaStore();
  const orders = await Promise.all(
    data.orders.map(async (order) => ({
      ...order,
      deliveryProofs: await Promise.all(
        order.deliveryProofs.map((proof) => proofForExport(store, proof)),
      ),
    })),
  );
  return { exportedAt: (options.now ?? new Date()).toISOString(), ...data, orders };
}

function summarise(data: PersonalData, counts: ReturnType<typeof countPersonalData>) {
  return {
    email: data.email,
    counts,
    account: data.account
      ? {
          name: data.account.name,
          role: data.account.role,
          emailVerified: data.account.emailVerified,
          createdAt: data.account.createdAt,
        }
      : null,
    orders: data.orders.map((o) => ({
      number: o.number,
      status: o.status,
      totalCents: o.totalCents,
      createdAt: o.createdAt,
    })),
    invoices: data.invoices.map((i) => ({ number: i.number, totalCents: i.totalCents })),
  };
}

export type PersonalDataSummary = Awaited<ReturnType<typeof lookUpPersonalData>>;
