import { describe, expect, it } from "vitest";
import { signInAsOwner } from "../admin/admin-session";
import { main, PHONE, useBrowser, waitForHydration } from "../browser";
import { announcedFieldErrors, focusedLabel, toastIsAnnounced } from "../forms";
import { checkoutWith, completeOrder } from "../shopper";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** Every field the visitor must fix carries its own message, read with the field. */
const everyMessageSaid = (errors: { field: string; message: string }[]) =>
  errors.filter((e) => e.field === "" || e.message === "");

describe("form errors are announced with their fields", () => {
  it("checkout: the missing fields are marked, described and the first one takes focus", async () => {
    const page = await browser.newPage(PHONE);
    await checkoutWith(page, "storage-spring-bed", "double");
    await completeOrder(page);
    expect(await toastIsAnnounced(page, "Missing Information")).toBe(true);
    const errors = await announcedFieldErrors(main(page));
    expect(errors.map((e) => e.field)).toEqual(
      expect.arrayContaining(["First Name", "Last Name", "Email", "Phone", "Postal Code"]),
    );
    expect(everyMessageSaid(errors)).toEqual([]);
    expect(await focusedLabel(page)).toBe("First Name");
  });

  it("contact and consultation forms: each missing field is described and the notice is read out", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/contact");
    await waitForHydration(page);
    await main(page).getByLabel("Email").fill("not an address");
    await main(page).getByRole("button", { name: "Send Message" }).click();
    expect(await toastIsAnnounced(page, "Missing Information")).toBe(true);
    const contact = await announcedFieldErrors(main(page));
    expect(contact.length).toBeGreaterThanOrEqual(3);
    expect(everyMessageSaid(contact)).toEqual([]);

    await page.goto("/consultation");
    await waitForHydration(page);
    await main(page).getByRole("button", { name: "Book Consultation" }).click();
    expect(await toastIsAnnounced(page, "Missing Information")).toBe(true);
    const consultation = await announcedFieldErrors(main(page));
    expect(consultation.map((e) => e.field)).toEqual(
      expect.arrayContaining(["Full Name", "Email", "Phone"]),
    );
    expect(everyMessageSaid(consultation)).toEqual([]);
  });

  it("newsletter: a bad address is described by its message", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/about");
    await waitForHydration(page);
    const footer = page.locator("footer");
    await footer.getByLabel("Email address").fill("lerato@");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await footer.locator("#newsletter-email-error").waitFor();
    const errors = await announcedFieldErrors(footer);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).not.toBe("");
  });

  it("admin sign-in: a refused sign-in is an alert, an empty field is described", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/admin-login");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Sign In" }).click();
    const empty = await announcedFieldErrors(page.locator("form"));
    expect(empty.map((e) => e.field)).toEqual(expect.arrayContaining(["Email"]));
    expect(everyMessageSaid(empty)).toEqual([]);

    await page.getByLabel("Email").fill("nobody@example.com");
    await page.getByLabel("Password", { exact: true }).fill("wrong-password-1");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid credentials" }).waitFor();
  });

  it("the back office's product form: each refused field says why", async () => {
    const page = await browser.newPage(DESKTOP);
    await signInAsOwner(page);
    await page.goto("/admin/products/new");
    await waitForHydration(page);
    await main(page)
      .getByRole("button", { name: /Create Product|Save/ })
      .first()
      .click();
    const errors = await announcedFieldErrors(main(page));
    expect(errors.length).toBeGreaterThan(0);
    expect(everyMessageSaid(errors)).toEqual([]);
  });
});
