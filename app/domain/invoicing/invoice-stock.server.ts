import { and, eq, inArray } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { invoiceLines, stockLevels, warehouses } from "~/db/schema";
import { conflict } from "~/domain/errors";
import { recordStockMovements } from "~/domain/inventory/stock-ledger.server";
import type { InvoiceActor } from "./invoice-changes.server";

type SoldLine = { description: string; variantId: number | null; quantity: number };

/**
 * Why the shop's default warehouse cannot supply a hand-made invoice's catalogue lines, as
 * staff read it, or null when it can: available is on hand less what web orders reserved.
 */
export async function invoiceStockShortfall(
  lines: readonly SoldLine[],
  invoiceNumber: string,
  tx?: Tx,
): Promise<string | null> {
  const wanted = new Map<number, { quantity: number; description: string }>();
  for (const l of lines) {
    if (l.variantId === null) continue;
    const entry = wanted.get(l.variantId) ?? { quantity: 0, description: l.description };
    wanted.set(l.variantId, { ...entry, quantity: entry.quantity + l.quantity });
  }
  if (wanted.size === 0) return null;
  const [warehouse] = await (tx ?? db())
    .select({ id: warehouses.id, name: warehouses.name })
    .from(warehouses)
    .where(and(eq(warehouses.isDefault, true), eq(warehouses.active, true)));
  if (!warehouse) return `The shop has no default warehouse to sell ${invoiceNumber}'s goods from.`;
  const levels = await (tx ?? db())
    .select({
      variantId: stockLevels.variantId,
      onHand: stockLevels.onHand,
      reserved: stockLevels.reserved,
    })
    .from(stockLevels)
    .where(
      and(
        eq(stockLevels.warehouseId, warehouse.id),
        inArray(stockLevels.variantId, [...wanted.keys()]),
      ),
    );
  for (const [variantId, { quantity, description }] of wanted) {
    const level = levels.find((l) => l.variantId === variantId);
    const available = Math.max(0, (level?.onHand ?? 0) - (level?.reserved ?? 0));
    if (available < quantity) {
      return `Only ${available} of ${description} ${available === 1 ? "is" : "are"} available in ${warehouse.name}, and ${invoiceNumber} sells ${quantity}: receive or transfer stock there first.`;
    }
  }
  return null;
}

/**
 * A hand-made invoice's catalogue lines leave the default warehouse when it is issued, as
 * "sale" movements in the stock ledger; each line keeps where it came from for its credit notes.
 * Refused, with nothing written, when there is not enough available.
 */
export async function sellInvoiceStock(
  tx: Tx,
  options: { invoiceId: number; invoiceNumber: string; actor: InvoiceActor },
) {
  const lines = await tx
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, options.invoiceId));
  const shortfall = await invoiceStockShortfall(lines, options.invoiceNumber, tx);
  if (shortfall) throw conflict(shortfall);
  const sold = lines.filter((l) => l.variantId !== null);
  if (sold.length === 0) return;
  const [warehouse] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.isDefault, true), eq(warehouses.active, true)));
  await recordStockMovements(
    tx,
    sold.map((l) => ({
      variantId: l.variantId!,
      warehouseId: warehouse!.id,
      kind: "sale" as const,
      quantity: -l.quantity,
      reason: "Sold on a hand-made invoice",
      reference: options.invoiceNumber,
      actor: options.actor.email,
    })),
  );
  await tx
    .update(invoiceLines)
    .set({ warehouseId: warehouse!.id })
    .where(
      inArray(
        invoiceLines.id,
        sold.map((l) => l.id),
      ),
    );
}

/**
 * Credited goods of a hand-made invoice go back, as "return" movements, into the warehouse
 * each line was sold from: at most what the line moved (its credit notes never credit more).
 */
export async function returnCreditedStock(
  tx: Tx,
  options: {
    invoiceId: number;
    credited: readonly { invoiceLinePosition: number | null; quantity: number }[];
    reference: string;
    actor: InvoiceActor;
  },
) {
  const lines = await tx
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, options.invoiceId));
  const movements = options.credited.flatMap((c) => {
    const line = lines.find((l) => l.position === c.invoiceLinePosition);
    if (!line || line.variantId === null || line.warehouseId === null) return [];
    return [
      {
        variantId: line.variantId,
        warehouseId: line.warehouseId,
        kind: "return" as const,
        quantity: Math.min(c.quantity, line.quantity),
        reason: "Returned on a credit note",
        reference: options.reference,
        actor: options.actor.email,
      },
    ];
  });
  await recordStockMovements(tx, movements);
}
