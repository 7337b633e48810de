import { eq, inArray, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import {
  categories,
  orders,
  products,
  promotionCategories,
  promotionProducts,
  promotions,
} from "~/db/schema";
import { promotionRules } from "~/domain/orders/promotions.server";
import { recordAudit } from "~/domain/audit/audit-log.server";
import type { SessionUser } from "~/domain/auth/roles";
import { DomainError, notFound } from "~/domain/errors";
import { isDbId } from "~/lib/db-ids";
import { endDayOf, periodFromDays, startDayOf, type PromotionPeriod } from "./promotion-period";
import type { PromotionInput } from "./promotion-schemas";

type Actor = Pick<SessionUser, "id" | "email">;
type Promotion = typeof promotions.$inferSelect;

/*
 * Checkout reads a promotion's switch, dates and uses from this table on every quote and
 * every order (orders/promotions.server.ts): nothing keeps a copy, so each change here is what
 * the next shopper gets.
 */

/** Adds a promotion; a code another promotion has (in any case) is refused by the code field. */
export async function createPromotion(options: { input: PromotionInput; actor: Actor }) {
  const { input, actor } = options;
  return withUniqueCode(input.code, () =>
    db().transaction(async (tx) => {
      const [created] = await tx.insert(promotions).values(columnsOf(input)).returning();
      const goods = await saveGoods(tx, created!.id, input);
      await recordAudit(
        {
          action: "promotion_created",
          actorId: actor.id,
          actorEmail: actor.email,
          subject: `promotion:${created!.id}`,
          details: auditedFields(created!, goods),
        },
        tx,
      );
      return created!;
    }),
  );
}

/**
 * Saves a promotion's fields; the audit line names each one that changed, before and after.
 * A day left as it was keeps its instant (the demo's end at 23:59:59 stays so). The usage
 * limit cannot go below the uses already counted.
 */
export async function updatePromotion(options: {
  id: number;
  input: PromotionInput;
  actor: Actor;
}) {
  const { id, input, actor } = options;
  return withUniqueCode(input.code, () =>
    db().transaction(async (tx) => {
      const before = await lockPromotion(tx, id);
      if (input.usageLimit !== null && input.usageLimit < before.usedCount) {
        throw new DomainError(
          "invalid",
          `${before.code} has been used ${timesUsed(before.usedCount)}: the limit cannot be lower.`,
          {
            field: "usageLimit",
            fieldMessage: `It has been used ${timesUsed(before.usedCount)} already: enter ${before.usedCount} or more.`,
            title: "Usage Limit Too Low",
          },
        );
      }
      const next = { ...columnsOf(input), ...keptInstants(before, input) };
      const goodsBefore = goodsNamed(await promotionRules(before, tx));
      const goods = await saveGoods(tx, id, input);
      const changes = changedFields(
        auditedFields(before, goodsBefore),
        auditedFields({ ...before, ...next }, goods),
      );
      if (Object.keys(changes).length === 0) return { promotion: before, changed: false };
      const [after] = await tx
        .update(promotions)
        .set(next)
        .where(eq(promotions.id, id))
        .returning();
      await recordAudit(
        {
          action: "promotion_updated",
          actorId: actor.id,
          actorEmail: actor.email,
          subject: `promotion:${id}`,
          details: { code: after!.code, changes },
        },
        tx,
      );
      return { promotion: after!, changed: true };
    }),
  );
}

/**
 * Switches a promotion on or off. Off, checkout refuses the code from the next quote or order
 * on; an order already placed with it keeps its discount.
 */
export async function setPromotionActive(options: { id: number; active: boolean; actor: Actor }) {
  const { id, active, actor } = options;
  return db().transaction(async (tx) => {
    const before = await lockPromotion(tx, id);
    if (before.active === active) return { promotion: before, changed: false };
    const [after] = await tx
      .update(promotions)
      .set({ active })
      .where(eq(promotions.id, id))
      .returning();
    await recordAudit(
      {
        action: active ? "promotion_activated" : "promotion_deactivated",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `promotion:${id}`,
        details: { code: after!.code },
      },
      tx,
    );
    return { promotion: after!, changed: true };
  });
}

/**
 * Deletes a promotion no order has used. One that has been used (a use counted, or an order
 * naming it, even a cancelled one) is refused: its orders keep pointing at it, so it can only
 * be deactivated. The row is locked first, so a checkout cannot count a use meanwhile.
 */
export async function deletePromotion(options: { id: number; actor: Actor }) {
  const { id, actor } = options;
  return db().transaction(async (tx) => {
    const promotion = await lockPromotion(tx, id);
    const [used] = await tx
      .select({ orders: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.promotionId, id));
    const orderCount = used?.orders ?? 0;
    if (promotion.usedCount > 0 || orderCount > 0) {
      throw new DomainError(
        "conflict",
        `${promotion.code} has been used ${timesUsed(Math.max(promotion.usedCount, orderCount))}, so it cannot be deleted: deactivate it instead.`,
        { title: "Promotion In Use" },
      );
    }
    const rules = await promotionRules(promotion, tx);
    await tx.delete(promotions).where(eq(promotions.id, id));
    await recordAudit(
      {
        action: "promotion_deleted",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `promotion:${id}`,
        details: auditedFields(promotion, goodsNamed(rules)),
      },
      tx,
    );
    return promotion;
  });
}

const timesUsed = (n: number) => (n === 1 ? "once" : `${n} times`);

/** The table's columns for a form's input. */
function columnsOf(input: PromotionInput) {
  return {
    minSubtotalCents: input.minSpendCents,
    oncePerCustomer: input.oncePerCustomer,
    code: input.code,
    kind: input.kind,
    description: input.description,
    value: input.value,
    usageLimit: input.usageLimit,
    active: input.active,
    ...periodFromDays(input.startDate, input.endDate),
  };
}

/** The start and end instants a form left on the same days: kept as they were. */
function keptInstants(before: Promotion, input: PromotionInput): Partial<PromotionPeriod> {
  const kept: Partial<PromotionPeriod> = {};
  if (before.startsAt && startDayOf(before.startsAt) === input.startDate) {
    kept.startsAt = before.startsAt;
  }
  if (before.endsAt && endDayOf(before.endsAt) === input.endDate) kept.endsAt = before.endsAt;
  return kept;
}

type GoodsNamed = { categories: string; products: string };

/** The goods a promotion is limited to, as the audit log names them ("" for none). */
function goodsNamed(rules: {
  categories: { name: string }[];
  products: { title: string }[];
}): GoodsNamed {
  return {
    categories: rules.categories.map((c) => c.name).join(", "),
    products: rules.products.map((p) => p.title).join(", "),
  };
}

/**
 * Keeps the goods a promotion is limited to as the form chose them. A category or product
 * that has gone meanwhile is refused by its field.
 */
async function saveGoods(tx: Tx, promotionId: number, input: PromotionInput): Promise<GoodsNamed> {
  const chosenCategories = input.categoryIds.length
    ? await tx
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(inArray(categories.id, input.categoryIds))
        .orderBy(categories.name)
    : [];
  if (chosenCategories.length !== input.categoryIds.length) {
    throw new DomainError("invalid", "A category chosen no longer exists.", {
      field: "categoryIds",
      fieldMessage: "One of these categories no longer exists: choose again.",
    });
  }
  const chosenProducts = input.productIds.length
    ? await tx
        .select({ id: products.id, title: products.title })
        .from(products)
        .where(inArray(products.id, input.productIds))
        .orderBy(products.title)
    : [];
  if (chosenProducts.length !== input.productIds.length) {
    throw new DomainError("invalid", "A product chosen no longer exists.", {
      field: "productIds",
      fieldMessage: "One of these products no longer exists: choose again.",
    });
  }
  await tx.delete(promotionCategories).where(eq(promotionCategories.promotionId, promotionId));
  await tx.delete(promotionProducts).where(eq(promotionProducts.promotionId, promotionId));
  if (chosenCategories.length > 0) {
    await tx
      .insert(promotionCategories)
      .values(chosenCategories.map((c) => ({ promotionId, categoryId: c.id })));
  }
  if (chosenProducts.length > 0) {
    await tx
      .insert(promotionProducts)
      .values(chosenProducts.map((p) => ({ promotionId, productId: p.id })));
  }
  return goodsNamed({ categories: chosenCategories, products: chosenProducts });
}

/** What the audit log records of a promotion: its fields, with dates as shop days. */
function auditedFields(p: Omit<Promotion, "id" | "createdAt">, goods: GoodsNamed) {
  return {
    minSpendCents: p.minSubtotalCents,
    oncePerCustomer: p.oncePerCustomer,
    ...goods,
    code: p.code,
    kind: p.kind,
    description: p.description,
    value: p.value,
    usageLimit: p.usageLimit,
    startDate: startDayOf(p.startsAt),
    endDate: endDayOf(p.endsAt),
    active: p.active,
  };
}

function changedFields<T extends Record<string, unknown>>(before: T, after: T) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
  }
  return changes;
}

async function lockPromotion(tx: Tx, id: number): Promise<Promotion> {
  const [row] = isDbId(id)
    ? await tx.select().from(promotions).where(eq(promotions.id, id)).for("update")
    : [];
  if (!row) throw notFound("This promotion does not exist.");
  return row;
}

/** Runs `work`, turning a clash on the unique code into a message by the code field. */
async function withUniqueCode<T>(code: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!violatesUniqueCode(error)) throw error;
    throw new DomainError("conflict", `A promotion with the code ${code} already exists.`, {
      field: "code",
      fieldMessage: "Another promotion already has this code.",
      title: "Duplicate Code",
    });
  }
}

function violatesUniqueCode(error: unknown): boolean {
  type PgError = { code?: string; constraint?: string; cause?: unknown };
  for (let e = error as PgError | undefined; e; e = e.cause as PgError | undefined) {
    if (e.code === "23505") {
      return e.constraint === undefined || e.constraint === "promotions_code_unique";
    }
  }
  return false;
}
