import os from "node:os";
import type { MailContent } from "../app/mail/mail-content";
import { renderEmailHtml } from "../app/mail/render-email.server";

export type EmailResult = { rounds: number; medianMs: number; p95Ms: number; loadAverage: number };

const SHOP = {
  name: "Slumber Corner Beds",
  email: "sales@slumbercorner.example",
  phone: "018 632 1234",
  address: "12 Church Street, Lichtenburg, 2740",
};
const ORIGIN = "https://shop.example.co.za";

/** An order confirmation as the shop sends it: three lines, an add-on, a lay-by's terms. */
const ORDER_CONFIRMATION: MailContent = {
  heading: "Thank you for your order 1042",
  paragraphs: [
    "Dear Naledi,",
    "Thank you for your order 1042. We hold the items for you until it is paid.",
  ],
  lines: [
    {
      description: "Sealy Posturepedic Queen Set (Queen, SPQ-Q)",
      quantity: 1,
      amountCents: 1_299_900,
    },
    { description: "Memory Foam Pillow (Standard, MFP-S)", quantity: 2, amountCents: 79_800 },
    { description: "Cotton Sheet Set (Queen, CSS-Q)", quantity: 1, amountCents: 64_950 },
  ],
  totals: [
    { label: "Subtotal", value: 1_444_650 },
    { label: "Discount (SPRING15)", value: "-R2,166.98" },
    { label: "Standard delivery (3-7 business days)", value: "Free" },
    { label: "Take away old mattress or bed", value: 25_000 },
    { label: "Total", value: 1_252_952, strong: true },
    { label: "VAT included (15%)", value: 163_428 },
  ],
  after: [
    "Deliver to:\nNaledi Mokoena, 082 555 0101\n7 Nelson Mandela Drive\nUnit 4, Protea Gardens\nBurgersdorp\nLichtenburg 2740\nNorth West",
    "Delivery day: Wednesday 2 December 2026 (Lichtenburg town). You can move it on your order's page until the day before.",
  ],
  action: { label: "See your order and pay", url: `${ORIGIN}/orders/1042?token=abc123` },
};

/**
 * The order confirmation's HTML part (the layout filled with its content, as `sendMail` renders
 * it; no database or mail transport), `rounds` times after 20 warm-up renders, in this process.
 */
export async function benchEmailRender(rounds = 200): Promise<EmailResult> {
  const render = () => renderEmailHtml({ shop: SHOP, content: ORDER_CONFIRMATION, origin: ORIGIN });
  const html = await render();
  if (!html.includes("Thank you for your order 1042")) throw new Error("The e-mail did not render");
  for (let i = 0; i < 20; i++) await render();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await render();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.floor(q * (times.length - 1))]! * 100) / 100;
  return {
    rounds,
    medianMs: at(0.5),
    p95Ms: at(0.95),
    loadAverage: Math.round(os.loadavg()[0]! * 100) / 100,
  };
}
