import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { orders } from "~/db/schema";
import { addressLines, deliveryContactLines } from "~/domain/addresses/format-address";
import { orderInvoice, renderInvoicePdf } from "~/domain/invoicing/invoice-document.server";
import { findOrderForShopper, shopperView } from "~/domain/orders/get-order.server";
import { findPersonalData } from "~/domain/privacy/personal-data.server";
import { applyPaymentOutcome } from "~/domain/orders/apply-payment-outcome.server";
import { createPaymentAttempt } from "~/domain/orders/record-payment.server";
import * as adminOrder from "~/routes/admin/order";
import { useTestDatabase } from "../../setup/database";
import { pdfToText } from "../../setup/pdf-text";
import { ownOutbox } from "../account/helpers";
import { routeOutcome, shopRequest, signedIn } from "../admin/helpers";
import { checkoutForm, submitCheckoutForm } from "./checkout-requests";
import { addVariant, setUpShop } from "./fixtures";

/*
 * A South African delivery address from checkout to the people who read it: staff on the
 * order's page, the shopper on theirs and in the confirmation, the tax invoice (the address, but
 * not the gate code).
 */
useTestDatabase();

let variantId: number;
let outbox: Awaited<ReturnType<typeof ownOutbox>>;
beforeAll(async () => {
  outbox = await ownOutbox("sa-address-");
  process.env.FORM_RATE_LIMIT = "1000";
  const shop = await setUpShop();
  variantId = (await addVariant(shop, { priceCents: 650_000, stock: 5 })).variantId;
});
afterAll(async () => {
  delete process.env.FORM_RATE_LIMIT;
  await outbox.close();
});

const ADDRESS = {
  address: "3 Main Road",
  complex: "Unit 4, Protea Gardens",
  suburb: "Golfview",
  city: "Mahikeng",
  province: "NW",
  postal: "2745",
  deliveryMobile: "+27 72 555 0199",
  accessNotes: "Gate code 1234, the blue house",
};

describe("a South African address at checkout", () => {
  it("is kept whole, shown to staff and the shopper, and printed on the tax invoice without the gate code", async () => {
    const placed = await submitCheckoutForm(
      checkoutForm([{ variantId, quantity: 1 }], {
        ...ADDRESS,
        email: "naledi.address@example.com",
        idempotencyKey: "sa-address-order-0123456789",
      }),
    );
    expect(placed.status).toBe(302);
    const [row] = await db()
      .select()
      .from(orders)
      .where(eq(orders.idempotencyKey, "sa-address-order-0123456789"));
    expect(row).toMatchObject({
      complex: "Unit 4, Protea Gardens",
      suburb: "Golfview",
      province: "NW",
      postalCode: "2745",
      deliveryMobile: "+27725550199",
      accessNotes: "Gate code 1234, the blue house",
    });

    // Staff: the order's page gets the address in its lines and the driver's notes.
    const { cookie } = await signedIn("staff");
    const { returned } = await routeOutcome(
      adminOrder.loader,
      shopRequest(`/admin/orders/${row!.number}`, { cookie }),
      { number: String(row!.number) },
    );
    const { order } = returned as Awaited<ReturnType<typeof adminOrder.loader>>;
    const printed = [
      "Unit 4, Protea Gardens",
      "3 Main Road",
      "Golfview",
      "Mahikeng 2745",
      "North West",
    ];
    expect(addressLines(order)).toEqual(printed);
    expect(deliveryContactLines(order)).toEqual([
      "Delivery contact: 072 555 0199",
      "Access: Gate code 1234, the blue house",
    ]);

    // The shopper: their order page (and, once paid, the confirmation e-mail).
    const mine = await findOrderForShopper(row!.number, row!.token);
    expect(addressLines(shopperView(mine!))).toEqual(printed);
    // The privacy export (POPIA s23) carries each part and the address as printed.
    const held = await findPersonalData({ email: "naledi.address@example.com" });
    expect(held.orders[0]).toMatchObject({
      complex: "Unit 4, Protea Gardens",
      province: "NW",
      deliveryMobile: "+27725550199",
      printedAddress: [
        ...printed,
        "Delivery contact: 072 555 0199",
        "Access: Gate code 1234, the blue house",
      ],
    });

    // Paid (above R5,000: a full tax invoice names the buyer): the invoice prints the address,
    // and keeps the gate code and the second number to the driver.
    const payment = await createPaymentAttempt(row!, "card", "demo");
    await applyPaymentOutcome(
      {
        provider: "demo",
        reference: payment.reference,
        providerReference: `demo_${payment.reference}`,
        status: "approved",
        amountCents: payment.amountCents,
      },
      "http://shop.test",
    );
    const confirmation = (await outbox.mails()).find(
      (m) =>
        m.to.includes("naledi.address@example.com") && m.subject.includes(`order ${row!.number}`),
    );
    expect(confirmation?.text).toContain(
      [
        "Deliver to:",
        "Naledi Khumalo, 083 000 1111",
        ...printed,
        "Delivery contact: 072 555 0199",
        "Access: Gate code 1234, the blue house",
      ].join("\n"),
    );
    const invoice = await orderInvoice(row!.id);
    const text = await pdfToText((await renderInvoicePdf({ invoiceId: invoice!.id })).pdf);
    for (const line of printed) expect(text).toContain(line);
    expect(text).not.toContain("Gate code");
    expect(text).not.toContain("072 555 0199");
  });

  it("refuses a bad postal code, a landline as the delivery mobile and an unknown province at their fields", async () => {
    const before = await db().select({ n: count() }).from(orders);
    const bad = await submitCheckoutForm(
      checkoutForm([{ variantId, quantity: 1 }], {
        ...ADDRESS,
        postal: "27450",
        deliveryMobile: "018 632 1234",
        province: "Bophuthatswana",
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      ok: false,
      fieldErrors: {
        postal: "A postal code has four digits, such as 2740; this has 5.",
        deliveryMobile:
          "Enter a South African mobile number, such as 082 555 0101 or +27 82 555 0101.",
        province: "Choose one of the nine provinces.",
      },
      values: { postal: "27450", complex: "Unit 4, Protea Gardens" },
    });
    const missing = await submitCheckoutForm(
      checkoutForm([{ variantId, quantity: 1 }], { ...ADDRESS, province: "" }),
    );
    expect(missing.body).toMatchObject({
      alert: { title: "Missing Information" },
      fieldErrors: { province: "This field is required." },
    });
    expect(await db().select({ n: count() }).from(orders)).toEqual(before);
  });
});
