import { describe, expect, it } from "vitest";
import { QUOTED_ORDER_BUTTON } from "~/domain/delivery/quoted-message";
import { findingsInBothThemes } from "../axe";
import { baseUrl, main, outboxMessages, PHONE, useBrowser, waitForHydration } from "../browser";
import { signInAsOwner, toast } from "../admin/admin-session";
import { checkoutWith, summary, toast as shopperToast } from "../shopper";

const browser = useBrowser();

describe("a delivery the shop quotes", () => {
  it("a Western Cape order is held unpaid, staff quote R1,200, the shopper pays the e-mailed link, staff book it on a zone's round", async () => {
    const email = "quote.shopper@example.com";
    const page = await browser.newPage(PHONE);
    await checkoutWith(page, "storage-spring-bed", "double");
    const form = main(page);
    await form.getByLabel("First Name").fill("Anele");
    await form.getByLabel("Last Name").fill("Jacobs");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Phone").fill("082 555 0202");
    await form.getByLabel("Street Address").fill("14 Long Street");
    await form.getByLabel("Province").selectOption({ label: "Western Cape" });
    await form.getByLabel("City / Town").fill("Cape Town");
    await form.getByLabel("Postal Code").fill("8001");
    // Before committing, the page says what happens: goods held, no payment now, a quote.
    await form.getByTestId("delivery-quoted").waitFor();
    expect(await form.getByTestId("delivery-quoted").textContent()).toContain(
      "no payment is taken now",
    );
    await summary(page).getByTestId("quoted-summary").waitFor();
    expect(await form.getByRole("radio", { name: /Lay-by/ }).isDisabled()).toBe(true);
    await form.getByLabel(/I agree to the/).check();
    await form.getByRole("button", { name: QUOTED_ORDER_BUTTON }).click();
    await page.waitForURL("**/orders/*?token=*");
    await main(page).getByText("Awaiting your delivery quote").waitFor();
    // Nothing goes to a provider now: the order is placed and the cart emptied.
    await shopperToast(page, "Order Placed").waitFor();
    await page.waitForFunction(() => !location.search.includes("from=quote"));

    const heading = await main(page).getByRole("heading", { level: 1 }).textContent();
    const number = Number(heading!.replace("Order ", ""));
    expect(await main(page).getByRole("button", { name: "Pay now" }).count()).toBe(0);

    // Staff find it in Deliveries > Quotes to give and quote R1,200 on the order's page.
    const admin = await browser.newPage();
    await signInAsOwner(admin);
    await admin.goto("/admin/deliveries/quotes");
    await waitForHydration(admin);
    const row = main(admin)
      .getByTestId("quote-row")
      .filter({ hasText: `#${number}` });
    await row.waitFor();
    expect(
      await findingsInBothThemes(admin, async (dark) => {
        await dark.goto("/admin/deliveries/quotes");
        await waitForHydration(dark);
      }),
    ).toEqual([]);
    await row.getByRole("link", { name: `Quote delivery for order #${number}` }).click();
    await admin.waitForURL(`**/admin/orders/${number}**`);
    await waitForHydration(admin);
    const quoteForm = main(admin).getByRole("form", { name: "Delivery quote" });
    await quoteForm.waitFor();
    expect(
      await findingsInBothThemes(admin, async (dark) => {
        await dark.goto(`/admin/orders/${number}`);
        await waitForHydration(dark);
        await main(dark).getByRole("form", { name: "Delivery quote" }).waitFor();
      }),
    ).toEqual([]);
    // A bad amount is refused at the field first.
    await quoteForm.getByLabel("Delivery (R)").fill("0");
    await quoteForm.getByRole("button", { name: "Send quote" }).click();
    await quoteForm.getByText("A delivery quote must be more than R0.00.").waitFor();
    await quoteForm.getByLabel("Carried by").selectOption({ label: "Our own truck" });
    await quoteForm.getByLabel("Delivery (R)").fill("1200,00");
    await quoteForm.getByLabel("Note to the shopper (optional)").fill("Thursday's Cape run.");
    await quoteForm.getByRole("button", { name: "Send quote" }).click();
    await toast(admin, "Quote Sent").waitFor();
    await main(admin).getByTestId("delivery-quote-given").waitFor();

    // The e-mail: goods, delivery, total and the order page's link on the shop's own address.
    const mail = (await outboxMessages())
      .filter((m) => m.to.includes(email) && m.subject.includes("Delivery quote"))
      .at(-1)!;
    expect(mail.text).toContain("R1,200.00 by our own truck");
    const total = /Total to pay: (R[\d,]+\.\d\d)/.exec(mail.text)?.[1];
    expect(total).toBeDefined();
    const link = mail.text
      .match(/https?:\/\/\S+/g)
      ?.find((u) => new URL(u).pathname === `/orders/${number}`);
    expect(link).toBeDefined();
    expect(new URL(link!).origin).toBe(new URL(baseUrl()).origin);

    // The shopper opens the link and pays through the demo gateway.
    await page.goto(link!);
    await waitForHydration(page);
    await main(page).getByTestId("shopper-delivery-quote").getByText("R1,200.00").waitFor();
    await main(page).getByLabel("PayFast instant EFT").check();
    await main(page).getByRole("button", { name: "Pay now" }).click();
    await page.waitForURL("**/demo-gateway?**");
    // The gateway's own page, not the order page the address has just left.
    const approve = page.getByRole("button", { name: "Approve payment" });
    await approve.waitFor();
    expect(await page.locator("body").textContent()).toContain(total!);
    await approve.click();
    await page.waitForURL("**/orders/*?token=*");
    await main(page).getByText("Payment received").waitFor();

    // Paid, it waits in Deliveries > To book: outside every zone, staff choose the zone whose
    // round takes our own truck there, then one of that zone's days.
    await admin.goto(`/admin/deliveries/to-book?q=${number}`);
    await waitForHydration(admin);
    await main(admin)
      .getByRole("button", { name: `Book delivery for order #${number}` })
      .click();
    const dialog = admin.getByRole("dialog", { name: `Book delivery: order #${number}` });
    await dialog.getByText("Choose a zone to see the days its round has free.").waitFor();
    await dialog.getByLabel("Zone").selectOption({ index: 1 });
    const firstDay = dialog.getByRole("radio").first();
    await firstDay.waitFor();
    expect(await firstDay.isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Book Day" }).click();
    await toast(admin, "Delivery Booked").waitFor();
    await admin.goto(`/admin/orders/${number}`);
    await waitForHydration(admin);
    await main(admin).getByText("quoted for our own truck, outside every zone").first().waitFor();
  });
});
