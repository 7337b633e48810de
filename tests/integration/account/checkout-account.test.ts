import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { orders } from "~/db/schema";
import { submitCheckout } from "~/routes/store/checkout-action.server";
import { useTestDatabase } from "../../setup/database";
import { addVariant, setUpShop } from "../orders/fixtures";
import { shopRequest, signedIn } from "../admin/helpers";

useTestDatabase();

let variantId: number;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "checkout-account-"));
  process.env.DATA_DIR = dataDir;
  process.env.FORM_RATE_LIMIT = "1000";
  const shop = await setUpShop();
  variantId = (await addVariant(shop, { priceCents: 150_000, stock: 10 })).variantId;
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  delete process.env.FORM_RATE_LIMIT;
  await fs.rm(dataDir, { recursive: true, force: true });
});

let n = 0;
function checkoutRequest(email: string, cookie?: string) {
  const body = new FormData();
  const fields: Record<string, string> = {
    firstName: "Naledi",
    lastName: "Khumalo",
    email,
    phone: "083 000 1111",
    address: "3 Main Road",
    city: "Mahikeng",
    province: "NW",
    postal: "2745",
    deliveryMethod: "standard",
    paymentMethod: "card",
    terms: "on",
    promoCode: "",
    lines: JSON.stringify([{ variantId, quantity: 1 }]),
    idempotencyKey: `checkout-account-test-${++n}-abcdefgh`,
  };
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return shopRequest("/checkout", { method: "POST", body, cookie });
}

async function placeThroughCheckout(email: string, cookie?: string) {
  try {
    await submitCheckout(
      checkoutRequest(email, cookie),
      { clientAddress: "10.0.0.1" },
      "http://shop.test",
    );
  } catch (thrown) {
    // Success is a redirect to the payment page.
    expect((thrown as Response).headers.get("location")).toMatch(/^\/payments\//);
  }
  const [latest] = await db().select().from(orders).orderBy(desc(orders.id)).limit(1);
  return latest!;
}

describe("checkout and accounts", () => {
  it("a signed-in shopper's order joins their account; a guest's stays a guest's", async () => {
    const { cookie, user } = await signedIn("customer");
    const mine = await placeThroughCheckout("another-address@example.com", cookie);
    expect(mine.customerUserId).toBe(user.id);
    const guest = await placeThroughCheckout("guest@example.com");
    expect(guest.customerUserId).toBeNull();
    expect(guest.email).toBe("guest@example.com");
  });
});
