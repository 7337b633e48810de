import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  isAllowedSource,
  payfastFormSignature,
  payfastItnSignature,
  payfastProvider,
  parseRandAmount,
  PAYFAST_FIELD_ORDER,
  randAmount,
  type ItnResult,
} from "~/domain/payments/payfast.server";
import { paymentMethodsFor, providerForMethod } from "~/domain/payments/providers.server";
import { env } from "~/env.server";
import { applyPaymentOutcome } from "~/domain/orders/apply-payment-outcome.server";
import { findPayment } from "~/domain/orders/record-payment.server";
import type { PaymentLookup } from "~/domain/payments/provider";
import { receivePaymentNotification } from "~/routes/api/payment-notify.server";
import { useTestDatabase } from "../../setup/database";
import {
  orderState,
  orderWithPayment,
  outboxCount,
  setEnv,
  setUpShop,
  startContext,
  startServer,
  stockOf,
} from "./helpers";

useTestDatabase();

const PASSPHRASE = "jt7NOE43FZPn";
const SITE = "https://shop.example";

/** What the validate endpoint answers next, and what it was sent. */
let validateAnswer = "VALID";
const validated: string[] = [];
let validateServer: Awaited<ReturnType<typeof startServer>>;
let restoreEnv: () => void;
let shop: Awaited<ReturnType<typeof setUpShop>>;

beforeAll(async () => {
  validateServer = await startServer(({ method, url, body }) => {
    if (method !== "POST" || url !== "/eng/query/validate")
      return { status: 404, body: "Not found" };
    validated.push(body);
    return { body: validateAnswer };
  });
  restoreEnv = setEnv({
    PAYFAST_MERCHANT_ID: "10000100",
    PAYFAST_MERCHANT_KEY: "46f0cd694581a",
    PAYFAST_PASSPHRASE: PASSPHRASE,
    PAYFAST_MODE: "sandbox",
    PAYFAST_VALIDATE_URL: `${validateServer.url}/eng/query/validate`,
    PAYFAST_VALID_SOURCES: "127.0.0.1",
    PAYFLEX_CLIENT_ID: undefined,
    PAYFLEX_CLIENT_SECRET: undefined,
    PUBLIC_URL: SITE,
  });
  shop = await setUpShop();
});
afterAll(async () => {
  restoreEnv();
  await validateServer.close();
  await shop.cleanup();
});
beforeEach(() => {
  validateAnswer = "VALID";
  validated.length = 0;
});

describe("PayFast's signature", () => {
  it("reproduces the ITN signature of PayFast's own documented sample", () => {
    // From PayFast's PHP SDK, tests/PaymentIntegrations/NotificationTest.php
    // (github.com/Payfast/payfast-php-sdk): a sandbox ITN, no passphrase, signed over every
    // field except `signature`, in the order received, empty ones included.
    const sample: [string, string][] = Object.entries({
      m_payment_id: "000000020",
      pf_payment_id: "1579137",
      payment_status: "COMPLETE",
      item_name: "Order #000000020",
      item_description: "",
      amount_gross: "15.00",
      amount_fee: "-2.30",
      amount_net: "12.70",
      custom_str1: "",
      custom_str2: "",
      custom_str3: "",
      custom_str4: "",
      custom_str5: "",
      custom_int1: "",
      custom_int2: "",
      custom_int3: "",
      custom_int4: "",
      custom_int5: "",
      name_first: "Tom",
      name_last: "Tom",
      email_address: "lindley+user1@appinlet.com",
      merchant_id: "10027938",
      signature: "4078bca2c8987e0e0c4e7230f2f46323",
    });
    expect(payfastItnSignature(sample)).toBe("4078bca2c8987e0e0c4e7230f2f46323");
    // Any change to a signed value breaks it.
    const tampered = sample.map(([k, v]): [string, string] => [
      k,
      k === "amount_gross" ? "16.00" : v,
    ]);
    expect(payfastItnSignature(tampered)).not.toBe("4078bca2c8987e0e0c4e7230f2f46323");
  });

  it("reproduces a known checkout-form signature: non-empty fields only, PHP urlencode of UTF-8", () => {
    // The checkout vector of django-payfast's tests (github.com/PiDelport/django-payfast,
    // payfast/tests.py, SignatureTest), built on PayFast's public sandbox merchant 10000100:
    // Cyrillic text, brackets and a colon encoded as PHP's urlencode does.
    const fields: [string, string][] = [
      ["merchant_id", "10000100"],
      ["merchant_key", "46f0cd694581a"],
      ["notify_url", "http://127.0.0.1:8000/payfast/notify/"],
      ["name_first", "Вася"],
      ["name_last", "Пупников"],
      ["m_payment_id", "23"],
      ["amount", "234"],
      ["item_name", "Payment (Планета суши). ID:272-15"],
    ];
    expect(payfastFormSignature(fields)).toBe("481366608545707be67c6514386b3fb1");
    const blankFirst = fields.map(([k, v]): [string, string] => [k, k === "name_first" ? "" : v]);
    expect(payfastFormSignature(blankFirst)).toBe("6551205f0fee13cf09174b0b887ec5b3");
    // Spaces around a value are trimmed; spaces inside become '+'; the passphrase changes it.
    const padded = fields.map(([k, v]): [string, string] => [k, k === "amount" ? " 234 " : v]);
    expect(payfastFormSignature(padded)).toBe("481366608545707be67c6514386b3fb1");
    expect(payfastFormSignature(fields, PASSPHRASE)).not.toBe("481366608545707be67c6514386b3fb1");
  });

  it("reads and writes Rand amounts exactly", () => {
    expect(randAmount(349900)).toBe("3499.00");
    expect(randAmount(5)).toBe("0.05");
    expect(parseRandAmount("3499.00")).toBe(349900);
    expect(parseRandAmount("3499.5")).toBe(349950);
    expect(parseRandAmount("3499")).toBe(349900);
    expect(parseRandAmount("-1.00")).toBeNull();
    expect(parseRandAmount("1.005")).toBeNull();
    expect(parseRandAmount("")).toBeNull();
  });
});

describe("starting a PayFast payment", () => {
  it("posts a signed form with the documented fields in order, card as cc and EFT as eft", async () => {
    expect(paymentMethodsFor(349900)).toEqual(["card", "payfast"]);
    expect(providerForMethod("card")?.name).toBe("payfast");
    const provider = payfastProvider(env())!;
    const { order, payment } = await orderWithPayment(shop.variantId, "card", "payfast");
    const start = await provider.start(startContext(order, payment));
    expect(start.kind).toBe("form");
    if (start.kind !== "form") return;
    expect(start.action).toBe("https://sandbox.payfast.co.za/eng/process");
    const names = start.fields.map(([name]) => name);
    expect(names.at(-1)).toBe("signature");
    const ordered = PAYFAST_FIELD_ORDER.filter((n) => names.includes(n));
    expect(names.slice(0, -1)).toEqual(ordered);
    const fields = Object.fromEntries(start.fields);
    expect(fields).toMatchObject({
      merchant_id: "10000100",
      merchant_key: "46f0cd694581a",
      return_url: `${SITE}/payments/${payment.reference}/return`,
      notify_url: `${SITE}/api/payments/payfast/notify`,
      name_first: "Thandi",
      email_address: "thandi@example.com",
      cell_number: "0821234567",
      m_payment_id: payment.reference,
      amount: randAmount(payment.amountCents),
      item_name: `Order ${order.number}`,
      payment_method: "cc",
    });
    expect(fields.signature).toBe(payfastFormSignature(start.fields.slice(0, -1), PASSPHRASE));
    expect(JSON.stringify(start.fields)).not.toContain(PASSPHRASE);

    const eft = await orderWithPayment(shop.variantId, "payfast", "payfast");
    const eftStart = await provider.start(startContext(eft.order, eft.payment));
    if (eftStart.kind !== "form") throw new Error("expected a form");
    expect(Object.fromEntries(eftStart.fields).payment_method).toBe("eft");

    const live = payfastProvider({ ...env(), PAYFAST_MODE: "live" })!;
    const liveStart = await live.start(startContext(order, payment));
    expect(liveStart.kind === "form" && liveStart.action).toBe(
      "https://www.payfast.co.za/eng/process",
    );
  });
});

/** An ITN as PayFast posts it, signed with the passphrase unless told otherwise. */
function itnBody(
  payment: { reference: string; amountCents: number },
  overrides: Record<string, string> = {},
  options: { passphrase?: string; signature?: string } = {},
) {
  const fields: [string, string][] = Object.entries({
    m_payment_id: payment.reference,
    pf_payment_id: String(Math.floor(Math.random() * 1e9)),
    payment_status: "COMPLETE",
    item_name: "Order 1",
    item_description: "1 x Cloud Bed (Queen)",
    amount_gross: randAmount(payment.amountCents),
    amount_fee: "-80.48",
    amount_net: randAmount(payment.amountCents - 8048),
    custom_str1: "",
    custom_int1: "",
    name_first: "Thandi",
    name_last: "Mokoena",
    email_address: "thandi@example.com",
    merchant_id: "10000100",
    ...overrides,
  });
  const signature =
    options.signature ??
    payfastItnSignature(fields, "passphrase" in options ? options.passphrase : PASSPHRASE);
  return new URLSearchParams([...fields, ["signature", signature]]).toString();
}

function itnRequest(body: string) {
  return new Request(`${SITE}/api/payments/payfast/notify`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
}

/** Posts an ITN as the notify route receives it and answers what became of it. */
async function notify(body: string, from = "127.0.0.1"): Promise<ItnResult> {
  const work: Promise<ItnResult>[] = [];
  const response = await receivePaymentNotification(
    payfastProvider(env())!,
    itnRequest(body),
    from,
    {
      siteUrl: SITE,
      background: (w) => work.push(w),
    },
  );
  expect(response.status).toBe(200);
  return work[0]!;
}

describe("PayFast's ITN", () => {
  it("marks the order paid once, turns the reservation into a sale and e-mails once", async () => {
    const { order, payment } = await orderWithPayment(shop.variantId, "card", "payfast", 2);
    const before = await stockOf(shop.variantId);
    const mailsBefore = await outboxCount(shop.dataDir);
    const body = itnBody(payment, { pf_payment_id: "1089250" });

    expect(await notify(body)).toBe("paid");
    // PayFast was asked about exactly the fields it sent, without the signature.
    expect(validated).toHaveLength(1);
    expect(validated[0]).not.toContain("signature=");
    expect(validated[0]).toContain(`m_payment_id=${payment.reference}`);
    expect(validated[0]).not.toContain(PASSPHRASE);

    const after = await orderState(order.id);
    expect(after.order.paymentStatus).toBe("paid");
    expect(after.order.stockHold).toBe("sold");
    expect(after.payments[0]).toMatchObject({ status: "approved", providerReference: "1089250" });
    expect(after.payments[0]!.details).toMatchObject({
      pf_payment_id: "1089250",
      amount_gross: randAmount(payment.amountCents),
    });
    expect(JSON.stringify(after.payments[0]!.details)).not.toContain("46f0cd694581a");
    const stock = await stockOf(shop.variantId);
    expect(stock).toEqual({
      onHand: before.onHand - 2,
      reserved: before.reserved - 2,
      sales: before.sales + 1,
    });
    expect(await outboxCount(shop.dataDir)).toBe(mailsBefore + 2);

    // PayFast retries the same ITN: nothing changes a second time.
    expect(await notify(body)).toBe("duplicate");
    expect(await stockOf(shop.variantId)).toEqual(stock);
    expect(
      (await orderState(order.id)).events.filter((e) => e === "payment_approved"),
    ).toHaveLength(1);
    expect(await outboxCount(shop.dataDir)).toBe(mailsBefore + 2);
  });

  it("ignores a repeated pf_payment_id sent for another payment", async () => {
    const first = await orderWithPayment(shop.variantId, "card", "payfast");
    expect(await notify(itnBody(first.payment, { pf_payment_id: "777001" }))).toBe("paid");
    const second = await orderWithPayment(shop.variantId, "payfast", "payfast");
    const stock = await stockOf(shop.variantId);
    expect(await notify(itnBody(second.payment, { pf_payment_id: "777001" }))).toBe("duplicate");
    const state = await orderState(second.order.id);
    expect(state.order.paymentStatus).toBe("unpaid");
    expect(state.order.stockHold).toBe("reserved");
    expect(state.payments[0]!.status).toBe("pending");
    expect(await stockOf(shop.variantId)).toEqual(stock);
  });

  async function expectNothingChanged(orderId: number, stock: Awaited<ReturnType<typeof stockOf>>) {
    const state = await orderState(orderId);
    expect(state.order.paymentStatus).toBe("unpaid");
    expect(state.order.stockHold).toBe("reserved");
    expect(state.payments.map((p) => p.status)).toEqual(["pending"]);
    expect(state.events).not.toContain("payment_approved");
    expect(await stockOf(shop.variantId)).toEqual(stock);
  }

  it("changes nothing for a bad signature (wrong passphrase, none, or tampered fields)", async () => {
    const { order, payment } = await orderWithPayment(shop.variantId, "card", "payfast");
    const stock = await stockOf(shop.variantId);
    expect(await notify(itnBody(payment, {}, { passphrase: "not-the-passphrase" }))).toBe(
      "bad_signature",
    );
    expect(await notify(itnBody(payment, {}, { passphrase: undefined }))).toBe("bad_signature");
    expect(await notify(itnBody(payment, {}, { signature: "0".repeat(32) }))).toBe("bad_signature");
    const tampered = itnBody(payment).replace("amount_fee=-80.48", "amount_fee=-1.00");
    expect(await notify(tampered)).toBe("bad_signature");
    expect(await notify("m_payment_id=x")).toBe("malformed");
    expect(validated).toHaveLength(0);
    await expectNothingChanged(order.id, stock);
  });

  it("changes nothing for a wrong amount, and tells staff on the timeline", async () => {
    const { order, payment } = await orderWithPayment(shop.variantId, "card", "payfast");
    const stock = await stockOf(shop.variantId);
    const cheaper = { ...payment, amountCents: payment.amountCents - 100 };
    expect(await notify(itnBody(cheaper))).toBe("amount_mismatch");
    await expectNothingChanged(order.id, stock);
    expect((await orderState(order.id)).events).toContain("payment_rejected");
    // The right amount later still pays it.
    expect(await notify(itnBody(payment))).toBe("paid");
  });

  it("changes nothing when PayFast's validate call does not answer VALID", async () => {
    const { order, payment } = await orderWithPayment(shop.variantId, "card", "payfast");
    const stock = await stockOf(shop.variantId);
    validateAnswer = "INVALID";
    expect(await notify(itnBody(payment))).toBe("not_validated");
    expect(validated).toHaveLength(1);
    await expectNothingChanged(order.id, stock);

    // Unreachable validate host: also refused.
    const restore = setEnv({ PAYFAST_VALIDATE_URL: "http://127.0.0.1:9/eng/query/validate" });
    try {
      expect(await notify(itnBody(payment))).toBe("not_validated");
    } finally {
      restore();
    }
    await expectNothingChanged(order.id, stock);
  });

  it("changes nothing for a notification from an address not allowed", async () => {
    const { order, payment } = await orderWithPayment(shop.variantId, "card", "payfast");
    const stock = await stockOf(shop.variantId);
    expect(await notify(itnBody(payment), "203.0.113.9")).toBe("bad_source");
    expect(validated).toHaveLength(0);
    await expectNothingChanged(order.id, stock);
  });

  it("is read into a plain outcome that changes nothing until orders record it", async () => {
    const { order, payment } = await orderWithPayment(shop.variantId, "card", "payfast");
    const stock = await stockOf(shop.variantId);
    const mails = await outboxCount(shop.dataDir);
    const lookup: PaymentLookup = async (by) =>
      ("reference" in by ? await findPayment(by.reference) : undefined) ?? null;
    const reading = await payfastProvider(env())!.readNotification(
      itnRequest(itnBody(payment, { pf_payment_id: "5550001" })),
      "127.0.0.1",
      lookup,
    );
    expect(reading.outcome).toEqual({
      provider: "payfast",
      reference: payment.reference,
      providerReference: "5550001",
      status: "approved",
      amountCents: payment.amountCents,
      details: {
        pf_payment_id: "5550001",
        payment_status: "COMPLETE",
        amount_gross: randAmount(payment.amountCents),
        amount_fee: "-80.48",
        amount_net: randAmount(payment.amountCents - 8048),
      },
    });
    expect(validated).toHaveLength(1);
    // Read and confirmed with PayFast, yet the order is untouched and nobody was e-mailed.
    await expectNothingChanged(order.id, stock);
    expect(await outboxCount(shop.dataDir)).toBe(mails);

    const recorded = await applyPaymentOutcome(reading.outcome!, SITE);
    expect(recorded.result).toBe("paid");
    expect((await orderState(order.id)).order.paymentStatus).toBe("paid");
    expect(await outboxCount(shop.dataDir)).toBe(mails + 2);
  });

  it("checks sources as addresses, ranges and host names", async () => {
    expect(await isAllowedSource("127.0.0.1", ["127.0.0.1"])).toBe(true);
    expect(await isAllowedSource("::ffff:127.0.0.1", ["127.0.0.1"])).toBe(true);
    expect(await isAllowedSource("197.97.145.150", ["197.97.145.144/28"])).toBe(true);
    expect(await isAllowedSource("197.97.145.160", ["197.97.145.144/28"])).toBe(false);
    expect(await isAllowedSource("127.0.0.1", ["localhost"])).toBe(true);
    expect(await isAllowedSource("10.0.0.1", ["localhost", "no-such-host.invalid"])).toBe(false);
    expect(await isAllowedSource("not an address", ["127.0.0.1"])).toBe(false);
  });

  it("ignores statuses other than COMPLETE and CANCELLED, a wrong merchant and unknown payments", async () => {
    const { order, payment } = await orderWithPayment(shop.variantId, "card", "payfast");
    const stock = await stockOf(shop.variantId);
    expect(await notify(itnBody(payment, { payment_status: "PENDING" }))).toBe("ignored_status");
    expect(await notify(itnBody(payment, { merchant_id: "10000101" }))).toBe("wrong_merchant");
    expect(await notify(itnBody({ ...payment, reference: "no-such-payment" }))).toBe(
      "unknown_payment",
    );
    expect(validated).toHaveLength(0);
    await expectNothingChanged(order.id, stock);
  });

  it("records CANCELLED as a cancelled attempt and leaves the order unpaid to try again", async () => {
    const { order, payment } = await orderWithPayment(shop.variantId, "payfast", "payfast");
    const stock = await stockOf(shop.variantId);
    expect(await notify(itnBody(payment, { payment_status: "CANCELLED" }))).toBe("cancelled");
    const state = await orderState(order.id);
    expect(state.order.paymentStatus).toBe("unpaid");
    expect(state.payments[0]!.status).toBe("cancelled");
    expect(await stockOf(shop.variantId)).toEqual(stock);
  });

  it("answers PayFast 200 at once and checks afterwards", async () => {
    const { order, payment } = await orderWithPayment(shop.variantId, "card", "payfast");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The validate endpoint hangs until released: the answer to PayFast must not wait for it.
    const slow = await startServer(async () => {
      await held;
      return { body: "VALID" };
    });
    const restore = setEnv({ PAYFAST_VALIDATE_URL: `${slow.url}/eng/query/validate` });
    const work: Promise<ItnResult>[] = [];
    try {
      const response = await receivePaymentNotification(
        payfastProvider(env())!,
        itnRequest(itnBody(payment)),
        "127.0.0.1",
        { siteUrl: SITE, background: (w) => work.push(w) },
      );
      expect(response.status).toBe(200);
      expect(work).toHaveLength(1);
      expect((await orderState(order.id)).order.paymentStatus).toBe("unpaid");
      release();
      expect(await work[0]).toBe("paid");
      expect((await orderState(order.id)).order.paymentStatus).toBe("paid");
    } finally {
      release();
      restore();
      await slow.close();
    }
  });
});
