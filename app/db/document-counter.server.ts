import { sql } from "drizzle-orm";
import type { Tx } from "./client.server";
import { documentCounters } from "./schema";

export type DocumentCounter = "purchase_order" | "invoice" | "credit_note";

/**
 * The next gapless number of a kind of document, taken inside the transaction that inserts the
 * document: the counter row stays locked until it commits, and a rollback gives the number back.
 */
export async function nextDocumentNumber(tx: Tx, name: DocumentCounter): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ name, lastValue: 1 })
    .onConflictDoUpdate({
      target: documentCounters.name,
      set: { lastValue: sql`${documentCounters.lastValue} + 1` },
    })
    .returning({ value: documentCounters.lastValue });
  return row!.value;
}
