import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "../axe";
import { main, PHONE, useBrowser } from "../browser";
import { QUOTED_ORDER_BUTTON } from "~/domain/delivery/quoted-message";
import { checkoutWith, fillDetails, summary } from "../shopper";

const browser = useBrowser();

const deliveryLine = (text: string) => /Delivery(.*?)Total/.exec(text)?.[1];

describe("checkout priced by the delivery zone", () => {
  it("re-prices as the address changes, and says delivery is quoted outside every zone", async () => {
    const page = await browser.newPage(PHONE);
    await checkoutWith(page, "storage-spring-bed", "double");
    await fillDetails(page, "zones.shopper@example.com");
    // Lichtenburg and area: R5,299 is over R2,000, free; express offered for R299.
    await main(page).getByText("Lichtenburg and area").waitFor();
    expect(deliveryLine((await summary(page).textContent()) ?? "")).toBe("Free");
    expect(await main(page).getByLabel("Express Delivery").isVisible()).toBe(true);

    // Cape Town: no zone covers it.
    await main(page).getByLabel("Province").selectOption({ label: "Western Cape" });
    await main(page).getByLabel("City / Town").fill("Cape Town");
    await main(page).getByLabel("Postal Code").fill("8001");
    await main(page).getByTestId("delivery-quoted").waitFor();
    expect(await main(page).getByTestId("delivery-quoted").textContent()).toContain(
      "We quote delivery to this address ourselves",
    );
    expect(deliveryLine((await summary(page).textContent()) ?? "")).toBe("Delivery quoted");
    expect(await summary(page).getByTestId("quoted-summary").isVisible()).toBe(true);
    // The button says what placing it does (the quote journey places one: delivery-quote.e2e.ts).
    expect(await main(page).getByRole("button", { name: QUOTED_ORDER_BUTTON }).isVisible()).toBe(
      true,
    );
    expect(await main(page).getByLabel("Express Delivery").count()).toBe(0);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.evaluate((dark) => {
        const root = document.documentElement;
        if (root.dataset.theme !== "light") root.classList.toggle("dark", dark);
      }, colorScheme === "dark");
      expect(await seriousA11yViolations(page), `axe, ${colorScheme}`).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: "light" });

    // Back home: priced again.
    await main(page).getByLabel("Province").selectOption({ label: "North West" });
    await main(page).getByLabel("City / Town").fill("Lichtenburg");
    await main(page).getByLabel("Postal Code").fill("2740");
    await main(page).getByTestId("delivery-quoted").waitFor({ state: "detached" });
    expect(deliveryLine((await summary(page).textContent()) ?? "")).toBe("Free");
  });
});
