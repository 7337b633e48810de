import { describe, expect, it } from "vitest";
import { main, outboxMessages, PHONE, useBrowser, waitForHydration } from "../browser";

const browser = useBrowser();

describe("consultation dialog", () => {
  it("says what is missing, refuses a bad e-mail, then books and closes", async () => {
    const page = await browser.newPage();
    await page.goto("/");
    // Before the page has hydrated the link opens /consultation (tested below); the dialog
    // needs JavaScript.
    await waitForHydration(page);
    await page.getByRole("link", { name: "Book Free Consultation" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Book Your Free Consultation" });
    await dialog.waitFor();

    await dialog.getByRole("button", { name: "Book Consultation" }).click();
    await page.getByText("Missing Information").waitFor();
    expect(await page.getByText("Please fill in all required fields.").isVisible()).toBe(true);

    await dialog.getByLabel("Full Name").fill("Thabo Mokoena");
    await dialog.getByLabel("Email").fill("thabo@example");
    await dialog.getByLabel("Phone").fill("082 123 4567");
    await dialog.getByRole("button", { name: "Book Consultation" }).click();
    await page.getByText("Invalid Email").waitFor();

    await dialog.getByLabel("Email").fill("thabo@example.co.za");
    await dialog.getByLabel("Consultation Type").selectOption("partner");
    await dialog.getByRole("button", { name: "Book Consultation" }).click();
    await page.getByText("Consultation Request Submitted!").waitFor();
    await page
      .getByText("We'll contact you within 24 hours to schedule your consultation.")
      .waitFor();
    await dialog.waitFor({ state: "detached" });

    const mails = await outboxMessages();
    expect(mails.some((m) => m.to.includes("thabo@example.co.za"))).toBe(true);
    expect(mails.some((m) => m.subject.includes("Become a partner"))).toBe(true);
  });
});

describe("contact form", () => {
  it("sends a message to the shop and promises a reply within 24 hours", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/contact");
    expect(await page.getByRole("heading", { name: "Send us a Message" }).isVisible()).toBe(true);
    await main(page).getByLabel("First Name").fill("Lerato");
    await main(page).getByLabel("Last Name").fill("Dlamini");
    await main(page).getByLabel("Email").fill("lerato@example.com");
    await main(page).getByLabel("Subject").fill("Delivery to Zeerust");
    await main(page).getByLabel("Message").fill("Do you deliver a queen bed to Zeerust?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Message Sent!").waitFor();
    expect(await main(page).getByLabel("Subject").inputValue()).toBe("");

    await page.getByText("We'll get back to you within 24 hours.").waitFor();

    // The shop gets the message; an address only typed gets no copy of it (issue 53: the form
    // would otherwise mail anyone's words to anyone).
    const mails = await outboxMessages();
    expect(mails.some((m) => m.text.includes("Do you deliver a queen bed to Zeerust?"))).toBe(true);
    expect(mails.some((m) => m.to.includes("lerato@example.com"))).toBe(false);
  });
});

describe("newsletter", () => {
  it("confirms by the e-mailed link and unsubscribes by the link in the newsletter", async () => {
    const page = await browser.newPage();
    await page.goto("/about");
    const email = `naledi.${Date.now()}@example.com`;
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.getByText("Check your inbox").waitFor();

    const confirmMail = (await outboxMessages()).find((m) => m.to.includes(email));
    const confirmLink = confirmMail?.text.match(
      /https?:\/\/\S+\/newsletter\/confirm\?token=\S+/,
    )?.[0];
    expect(confirmLink).toBeTruthy();
    await page.goto(confirmLink!);
    await page.getByRole("heading", { name: "Subscription confirmed" }).waitFor();

    const welcome = (await outboxMessages()).find(
      (m) => m.to.includes(email) && m.subject.startsWith("Welcome"),
    );
    const unsubscribeLink = welcome?.text.match(
      /https?:\/\/\S+\/newsletter\/unsubscribe\?token=\S+/,
    )?.[0];
    expect(unsubscribeLink).toBeTruthy();
    await page.goto(unsubscribeLink!);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByRole("heading", { name: "You have been unsubscribed" }).waitFor();
  });
});

describe("a form sent while the connection drops", () => {
  it("says so and keeps what was typed", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/contact");
    await waitForHydration(page);
    await main(page).getByLabel("First Name").fill("Kagiso");
    await main(page).getByLabel("Last Name").fill("Molefe");
    await main(page).getByLabel("Email").fill("kagiso@example.com");
    await main(page).getByLabel("Subject").fill("Offline");
    await main(page).getByLabel("Message").fill("Sent from a taxi rank");
    await page.route("**/contact.data*", (route) => route.abort("internetdisconnected"));
    await main(page).getByRole("button", { name: "Send Message" }).click();
    await page.getByText("No connection").waitFor();
    expect(await main(page).getByLabel("Message").inputValue()).toBe("Sent from a taxi rank");
    expect(await main(page).getByRole("heading", { name: "Send us a Message" }).isVisible()).toBe(
      true,
    );
  });

  it("still shows the server's own refusal", async () => {
    const page = await browser.newPage();
    await page.goto("/contact");
    await waitForHydration(page);
    await main(page).getByLabel("First Name").fill("Bot");
    await main(page).getByLabel("Last Name").fill("Bot");
    await main(page).getByLabel("Email").fill("bot@example.com");
    await main(page).getByLabel("Subject").fill("Spam");
    await main(page).getByLabel("Message").fill("Buy now");
    await page.evaluate(() => {
      const trap = document.querySelector<HTMLInputElement>('main input[name="website"]');
      if (trap) trap.value = "https://spam.example";
    });
    await main(page).getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Could not send").waitFor();
  });
});
