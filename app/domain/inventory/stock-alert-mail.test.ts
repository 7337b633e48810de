import { describe, expect, it } from "vitest";
import { stockAlertMail, type StockAlertLine } from "./stock-alert-mail";

const line = (over: Partial<StockAlertLine> = {}): StockAlertLine => ({
  variantId: 12,
  title: "Cloud Nine Pocket Spring Bed",
  size: "queen",
  sku: "CN-QN",
  warehouse: "Showroom",
  available: 2,
  threshold: 2,
  ...over,
});

describe("the low-stock e-mail", () => {
  it("names one item, where it is, what is left and links its stock card", () => {
    const mail = stockAlertMail([line()], "https://beds.example");
    expect(mail.subject).toBe("Low stock: Cloud Nine Pocket Spring Bed, Queen at Showroom");
    expect(mail.text).toContain(
      "- Cloud Nine Pocket Spring Bed, Queen (SKU CN-QN) at Showroom: 2 units available, threshold 2.",
    );
    expect(mail.text).toContain("https://beds.example/admin/inventory/12");
    expect(mail.text).toContain("https://beds.example/admin/account");
  });

  it("lists several items under one subject and says out of stock at zero", () => {
    const mail = stockAlertMail(
      [
        line({ available: 1 }),
        line({ variantId: 13, size: "king", sku: "CN-KG", available: 0, warehouse: "Store room" }),
      ],
      "https://beds.example",
    );
    expect(mail.subject).toBe("Low stock: 2 items at or below their threshold");
    expect(mail.text).toContain("King (SKU CN-KG) at Store room: out of stock, threshold 2.");
    expect(mail.text).toContain("Queen (SKU CN-QN) at Showroom: 1 unit available, threshold 2.");
  });
});
