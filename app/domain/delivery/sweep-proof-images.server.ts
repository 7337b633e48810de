import { inArray, or } from "drizzle-orm";
import { db } from "~/db/client.server";
import { deliveryProofs } from "~/db/schema";
import { mediaStore } from "~/lib/configured-media-store.server";
import { log } from "~/lib/log.server";
import type { MediaStore } from "~/lib/media-store.server";
import { PROOF_FOLDER } from "./proof-images.server";

/**
 * How old an unreferenced proof picture must be before the sweep removes it: far longer than any
 * visit's transaction, so a picture stored a moment before its row is written is never taken.
 */
export const PROOF_SWEEP_AGE_MS = 24 * 60 * 60_000;
const BATCH = 500;

/**
 * The job "remove unreferenced proof pictures" (docs/decisions/045): every file under `proofs/`
 * in the media store older than a day that no `delivery_proofs` row names (as its signature or
 * its photo) is removed. Such a file is what a crash between storing the pictures and the
 * visit's transaction left; a refused or failed visit removes its own at once. Safe to run twice
 * at once: a removal of a file already gone is no error.
 */
export async function sweepUnreferencedProofImages(
  options: { store?: MediaStore; now?: Date } = {},
): Promise<{ removed: number }> {
  const store = options.store ?? mediaStore();
  const cutoff = (options.now ?? new Date()).getTime() - PROOF_SWEEP_AGE_MS;
  let removed = 0;
  let failed = 0;
  let batch: string[] = [];
  const sweep = async () => {
    if (batch.length === 0) return;
    const named = await db()
      .select({ signature: deliveryProofs.signatureFile, photo: deliveryProofs.photoFile })
      .from(deliveryProofs)
      .where(
        or(inArray(deliveryProofs.signatureFile, batch), inArray(deliveryProofs.photoFile, batch)),
      );
    const kept = new Set(named.flatMap((row) => [row.signature, row.photo]));
    const results = await Promise.allSettled(
      batch.filter((name) => !kept.has(name)).map((name) => store.delete(name)),
    );
    const done = results.filter((result) => result.status === "fulfilled").length;
    removed += done;
    failed += results.length - done;
    batch = [];
  };
  for await (const file of store.list(PROOF_FOLDER)) {
    if (file.lastModified.getTime() >= cutoff) continue;
    batch.push(file.name);
    if (batch.length >= BATCH) await sweep();
  }
  await sweep();
  if (removed > 0 || failed > 0) {
    log.info({ removed, failed }, "Removed proof pictures no delivery refers to");
  }
  return { removed };
}
