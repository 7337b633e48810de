import { eq, inArray, or } from "drizzle-orm";
import { db } from "~/db/client.server";
import { orderLines, products, promotionProducts, variants } from "~/db/schema";
import type { SessionUser } from "~/domain/auth/roles";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { notFound } from "~/domain/errors";

/**
 * Deletes a product that was never ordered; one that was is archived instead (it leaves the
 * shop at once, and every order keeps its lines), as is one a promotion is limited to (the
 * promotion keeps its terms). Returns which it did.
 */
export async function deleteProduct(options: {
  id: number;
  actor: Pick<SessionUser, "id" | "email">;
}): Promise<{ outcome: "deleted" | "archived"; title: string }> {
  const { id, actor } = options;
  return db().transaction(async (tx) => {
    const [product] = await tx
      .select({ title: products.title })
      .from(products)
      .where(eq(products.id, id))
      .for("update");
    if (!product) throw notFound("This product does not exist.");
    const variantIds = tx
      .select({ id: variants.id })
      .from(variants)
      .where(eq(variants.productId, id));
    const [ordered] = await tx
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(or(eq(orderLines.productId, id), inArray(orderLines.variantId, variantIds)))
      .limit(1);
    const [named] = ordered
      ? []
      : await tx
          .select({ id: promotionProducts.promotionId })
          .from(promotionProducts)
          .where(eq(promotionProducts.productId, id))
          .limit(1);
    const audit = { actorId: actor.id, actorEmail: actor.email, subject: `product:${id}` };
    if (ordered || named) {
      await tx
        .update(products)
        .set({ status: "archived", updatedAt: new Date() })
        .where(eq(products.id, id));
      await recordAudit(
        { ...audit, action: "product_archived", details: { title: product.title } },
        tx,
      );
      return { outcome: "archived", title: product.title };
    }
    await tx.delete(products).where(eq(products.id, id));
    await recordAudit(
      { ...audit, action: "product_deleted", details: { title: product.title } },
      tx,
    );
    return { outcome: "deleted", title: product.title };
  });
}
