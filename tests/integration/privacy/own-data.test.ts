import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, contactMessages, orders, users } from "~/db/schema";
import * as myData from "~/routes/account/privacy";
import * as myDataExport from "~/routes/account/privacy-export";
import { useTestDatabase } from "../../setup/database";
import { formRequest, routeOutcome, shopRequest, signedIn, statusOf } from "../admin/helpers";
import { paidOrder } from "../invoicing/invoice-fixtures";
import { setUpShop } from "../orders/fixtures";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpShop>>;
beforeAll(async () => {
  shop = await setUpShop();
});

const verify = (email: string) =>
  db().update(users).set({ emailVerified: true }).where(eq(users.email, email));
const body = (value: unknown) => (value as { data?: unknown }).data ?? value;

describe("a shopper's own data", () => {
  it("sends the signed-out to the account's sign-in page", async () => {
    const page = await routeOutcome(myData.loader, shopRequest("/account/privacy"), {});
    expect((page.thrown as Response).headers.get("location")).toBe(
      "/account/sign-in?next=%2Faccount%2Fprivacy",
    );
    for (const handler of [myData.action, myDataExport.action]) {
      const out = await routeOutcome(
        handler,
        formRequest("/account/privacy", { password: "x" }),
        {},
      );
      expect(statusOf(out.thrown)).toBe(302);
    }
  });

  it("downloads only after the address is confirmed, and holds nobody else's data", async () => {
    const shopper = await signedIn("customer", "lindiwe@example.com");
    await db()
      .insert(contactMessages)
      .values([
        {
          firstName: "L",
          lastName: "M",
          email: "lindiwe@example.com",
          subject: "Mine",
          message: "m",
        },
        {
          firstName: "O",
          lastName: "P",
          email: "other@example.com",
          subject: "Theirs",
          message: "m",
        },
      ]);
    const ask = () =>
      routeOutcome(
        myDataExport.action,
        formRequest("/account/privacy/export", {}, shopper.cookie),
        {},
      );
    const refused = (await ask()).returned as Response;
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Please confirm your e-mail address first");

    await verify(shopper.email);
    const download = (await ask()).returned as Response;
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="my-data-/);
    const data = JSON.parse(await download.text()) as { messages: { subject: string }[] };
    expect(data.messages.map((m) => m.subject)).toEqual(["Mine"]);
    expect(JSON.stringify(data)).not.toContain("other@example.com");
  });

  it("deletes the account with the password, under the owner's erasure rules", async () => {
    const shopper = await signedIn("customer", "kabelo@example.com");
    await verify(shopper.email);
    const { order } = await paidOrder(shop, {
      priceCents: 250_000,
      overrides: { email: shopper.email, lastName: "Sebego" },
    });
    const post = (password: string) =>
      routeOutcome(
        myData.action,
        formRequest("/account/privacy", { password }, shopper.cookie),
        {},
      );

    const wrong = await post("not-my-password");
    expect(statusOf(wrong.returned)).toBe(400);
    expect(body(wrong.returned)).toMatchObject({
      fieldErrors: { password: "That password is not right." },
    });

    const open = await post(shopper.password);
    expect(statusOf(open.returned)).toBe(409);
    expect(body(open.returned)).toMatchObject({
      alert: {
        description: `Order #${order.number} is still open: erase after it is delivered or cancelled.`,
      },
    });
    expect(await db().select().from(users).where(eq(users.id, shopper.user.id))).toHaveLength(1);

    await db().update(orders).set({ status: "delivered" }).where(eq(orders.id, order.id));
    const done = await post(shopper.password);
    expect((done.returned as Response).headers.get("location")).toBe("/account/sign-in?deleted=1");
    expect(await db().select().from(users).where(eq(users.id, shopper.user.id))).toEqual([]);
    const [kept] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ email: "", lastName: "", totalCents: order.totalCents });
    const [line] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "privacy_data_erased"));
    expect(line).toMatchObject({ actorId: null, actorEmail: null });
    expect(line!.details).toMatchObject({ byTheAccountHolder: true, orders: 1 });

    // The session went with the account.
    const after = await routeOutcome(
      myData.loader,
      shopRequest("/account/privacy", { cookie: shopper.cookie }),
      {},
    );
    expect(statusOf(after.thrown)).toBe(302);
  });

  it("refuses a member of staff, who is erased through the owner", async () => {
    const staff = await signedIn("staff");
    await verify(staff.email);
    const out = await routeOutcome(
      myData.action,
      formRequest("/account/privacy", { password: staff.password }, staff.cookie),
      {},
    );
    expect(statusOf(out.returned)).toBe(409);
    expect(await db().select().from(users).where(eq(users.id, staff.user.id))).toHaveLength(1);
  });
});
