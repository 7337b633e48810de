// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { APIError } from "better-auth";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { brands, categories, products } from "~/db/schema";
import { getAdminOrder } from "~/domain/orders/get-admin-order.server";
import { saveProductFromForm } from "~/routes/admin/product-form-action.server";
import { requestPasswordReset, signUpWithPassword } from "~/domain/auth/accounts.server";
import { auth } from "~/domain/auth/auth.server";
import { authRefusal } from "~/domain/auth/auth-refusal.server";
import type { SessionUser } from "~/domain/auth/roles";
import { signInWithPassword } from "~/domain/auth/sign-in.server";
import { findOrderForShopper } from "~/domain/orders/get-order.server";
import { findPayment, findPaymentByProviderReference } from "~/domain/orders/record-payment.server";
import type { FormActionResult } from "~/lib/forms";
import * as adminOrder from "~/routes/admin/order";
import * as productEdit from "~/routes/admin/product-edit";
import * as checkoutQuote from "~/routes/api/checkout-quote";
import * as contact from "~/routes/store/contact";
import * as storeOrder from "~/routes/store/order";
import * as productPage from "~/routes/store/product";
import * as productsPage from "~/routes/store/products";
import { insertStoreSettings } from "../factories";
import { useTestDatabase } from "../setup/database";
import { BASE_URL, formRequest, shopRequest, signedIn } from "./admin/helpers";

useTestDatabase();

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: { clientAddress: string };
}) => unknown;

/** The status a loader or action answered with: thrown or returned, Response or data(). */
async function statusOf(handler: unknown, request: Request, params: Record<string, string> = {}) {
  let outcome: unknown;
  try {
    outcome = await (handler as Handler)({
      request,
      params,
      context: { clientAddress: "10.9.9.9" },
    });
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) return outcome.status;
  return (outcome as { init?: { status?: number } } | undefined)?.init?.status ?? 200;
}

let ownerCookie: string;
let owner: SessionUser;
let productId: number;
let categoryId: number;
beforeAll(async () => {
  await insertStoreSettings();
  const signedInOwner = await signedIn("owner");
  ownerCookie = signedInOwner.cookie;
  owner = signedInOwner.user as unknown as SessionUser;
  const [category] = await db()
    .insert(categories)
    .values({ slug: "beds", name: "Beds" })
    .returning();
  categoryId = category!.id;
  await db().insert(brands).values({ slug: "sleepwell", name: "Sleepwell" });
  const [product] = await db()
    .insert(products)
    .values({ slug: "bed", title: "Bed", type: "Foam Bed", categoryId })
    .returning();
  productId = product!.id;
});

const HUGE = 3_000_000_000;

describe("ids past PostgreSQL's integer name nothing, and never reach the database", () => {
  it("an order number: no order for the shopper, 404 for staff", async () => {
    expect(await findOrderForShopper(HUGE, "any-token")).toBeUndefined();
    await expect(getAdminOrder(HUGE)).rejects.toMatchObject({ kind: "not_found" });
  });

  it("the order pages and the product editor answer 404", async () => {
    const number = { number: String(HUGE) };
    expect(
      await statusOf(storeOrder.loader, shopRequest(`/orders/${HUGE}?token=abc`), number),
    ).toBe(404);
    expect(
      await statusOf(
        adminOrder.loader,
        shopRequest(`/admin/orders/${HUGE}`, { cookie: ownerCookie }),
        number,
      ),
    ).toBe(404);
    expect(
      await statusOf(
        productEdit.loader,
        shopRequest(`/admin/products/${HUGE}`, { cookie: ownerCookie }),
        { id: String(HUGE) },
      ),
    ).toBe(404);
  });

  it("a variant id in the checkout's price request gets a 400 with a message", async () => {
    const request = shopRequest("/api/checkout-quote", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ lines: [{ variantId: HUGE, quantity: 1 }] }),
    });
    const response = (await checkoutQuote.action({ request } as never)) as Response;
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "That is not an item of the shop." });
  });

  it.each([
    [{ categoryId: String(HUGE) }, "categoryId", "Category is required"],
    [{ categoryId: "2147483647" }, "categoryId", "Choose a category from the list."],
    [{ brandId: "abc" }, "brandId", "Choose a brand from the list."],
    [{ brandId: "2147483647" }, "brandId", "Choose a brand from the list."],
  ])("the product form with %j gets a 400 by the field", async (fields, field, message) => {
    const form = new FormData();
    const values = {
      title: "Cloud Bed",
      categoryId: String(categoryId),
      "variants.queen.sku": `CLOUD-${field}-${message.length}`,
      "variants.queen.price": "3199",
      ...fields,
    };
    for (const [key, value] of Object.entries(values)) form.set(key, value);
    for (const id of [undefined, productId]) {
      const result = (await saveProductFromForm(form, owner, id)) as unknown as {
        data: FormActionResult;
        init: { status: number };
      };
      expect(result.init.status).toBe(400);
      expect(result.data).toMatchObject({ ok: false, fieldErrors: { [field]: message } });
    }
  });
});

describe("a body that is not a form, and the NUL character", () => {
  it("a public form answers 415 to JSON and 400 to a NUL, with a message", async () => {
    const json = shopRequest("/contact", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"firstName":"A"}',
    });
    expect(await statusOf(contact.action, json)).toBe(415);
    const nul = formRequest("/contact", { firstName: "A", message: "a\u0000b" });
    expect(await statusOf(contact.action, nul)).toBe(400);
  });

  it("a payment reference with a NUL, from a provider's callback, names no payment", async () => {
    expect(await findPayment("ref\u0000")).toBeUndefined();
    expect(await findPaymentByProviderReference("payflex", "order\u0000")).toBeUndefined();
  });

  it("a NUL in a query value is a 400 and in a path segment a 404, before the database", async () => {
    expect(await statusOf(productsPage.loader, shopRequest("/products?q=a%00b"))).toBe(400);
    expect(
      await statusOf(productPage.loader, shopRequest("/products/a%00b"), { slug: "a\u0000b" }),
    ).toBe(404);
  });
});

describe("addresses the auth library refuses", () => {
  it("its body check throws an error that is no instance of its APIError; authRefusal reads it", async () => {
    const error = await auth(BASE_URL)
      .api.signUpEmail({ body: { email: "a@b.c", password: "a-password", name: "a" } })
      .catch((thrown: unknown) => thrown);
    expect(error instanceof APIError).toBe(false);
    expect(authRefusal(error)).toMatchObject({ status: 400 });
    expect(authRefusal(new Error("database down"))).toBeNull();
  });

  it("sign-up, sign-in and reset requests answer such an address instead of throwing", async () => {
    const email = "a@b.c";
    expect(
      await signUpWithPassword({ email, password: "a-password", baseURL: BASE_URL }),
    ).toMatchObject({
      ok: false,
      exists: false,
    });
    expect(
      await requestPasswordReset({ email, baseURL: BASE_URL, clientAddress: "10.9.9.10" }),
    ).toMatchObject({ ok: false, invalid: expect.any(String) });
    expect(
      await signInWithPassword({
        email,
        password: "a-password",
        rememberMe: false,
        request: shopRequest("/auth"),
        baseURL: BASE_URL,
        clientAddress: "10.9.9.11",
      }),
    ).toMatchObject({ ok: false, reason: "invalid" });
  });
});
