import { describe, expect, it } from "vitest";
import { baseUrl, main, PHONE, useBrowser } from "../browser";

const browser = useBrowser();

describe("the not-found page", () => {
  it("answers 404 with a way home", async () => {
    const page = await browser.newPage();
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    expect(await page.getByText("Oops! Page not found").isVisible()).toBe(true);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(`${baseUrl()}/`);
  });
});

describe("the mobile menu", () => {
  it("opens below 768 px, leads to a page and closes itself", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/");
    const menuLink = page
      .getByRole("navigation", { name: "Mobile" })
      .getByRole("link", { name: "About" });
    expect(await menuLink.isVisible()).toBe(false);
    await page.getByLabel("Menu").click();
    await menuLink.click();
    await page.waitForURL(`${baseUrl()}/about`);
    await menuLink.waitFor({ state: "hidden" });
  });
});

describe("the chat button", () => {
  it("opens WhatsApp with the greeting in a new tab", async () => {
    const page = await browser.newPage();
    await page.goto("/");
    const chat = page.getByRole("link", { name: "Chat with us on WhatsApp" });
    expect(await chat.getAttribute("target")).toBe("_blank");
    const href = await chat.getAttribute("href");
    expect(href).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    expect(decodeURIComponent(href!.split("text=")[1]!)).toBe(
      "Hi, I'm interested in your beds and mattresses!",
    );
    await chat.hover();
    await page.getByRole("tooltip").getByText("Chat with us on WhatsApp").waitFor();
  });
});

describe("without JavaScript", () => {
  it("renders the contact page and posts the form", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto("/contact");
    expect(await page.getByRole("heading", { name: "Contact Us", level: 1 }).isVisible()).toBe(
      true,
    );
    await main(page).getByLabel("First Name").fill("Sipho");
    await main(page).getByLabel("Last Name").fill("Nkosi");
    await main(page).getByLabel("Email").fill("sipho@example.com");
    await main(page).getByLabel("Subject").fill("Opening hours");
    await main(page).getByLabel("Message").fill("Are you open on Sunday?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Message Sent!").waitFor();
  });

  it("books a consultation on its own page", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto("/");
    await page.getByRole("link", { name: "Book Free Consultation" }).first().click();
    await page.waitForURL(`${baseUrl()}/consultation`);
    await main(page).getByLabel("Full Name").fill("Naledi");
    await main(page).getByLabel("Email").fill("bad-email");
    await main(page).getByLabel("Phone").fill("082 000 0000");
    await page.getByRole("button", { name: "Book Consultation" }).click();
    await page.getByText("Invalid Email").waitFor();
    expect(await main(page).getByLabel("Full Name").inputValue()).toBe("Naledi");
    await main(page).getByLabel("Email").fill("naledi@example.com");
    await page.getByRole("button", { name: "Book Consultation" }).click();
    await page.getByText("Consultation Request Submitted!").waitFor();
  });
});

describe("the help pages' call to action", () => {
  it("offers the shop's phone, WhatsApp and e-mail as buttons that open them", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/returns");
    const cta = page.getByRole("region", { name: "Need to return something?" });
    const call = cta.getByRole("link", { name: /^Call / });
    expect(await call.getAttribute("href")).toMatch(/^tel:\+?\d{9,12}$/);
    const whatsapp = cta.getByRole("link", { name: "WhatsApp us (opens in a new tab)" });
    expect(await whatsapp.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/\d{9,12}\?text=/);
    expect(await whatsapp.getAttribute("target")).toBe("_blank");
    const email = cta.getByRole("link", { name: /@/ });
    expect(await email.getAttribute("href")).toMatch(/^mailto:\S+@\S+$/);
    // Drawn as buttons: a full-width row each on a phone, at least 40 px tall.
    for (const link of [call, whatsapp, email]) {
      const box = await link.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(40);
      expect(box!.width).toBeGreaterThan(300);
    }
  });
});
