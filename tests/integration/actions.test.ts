// @database-once: the apology reads the shop's phone number from the settings; what is tested
// is how a failure is answered, not the database.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { conflict } from "~/domain/errors";
import { insertStoreSettings } from "../factories";
import { useTestDatabase } from "../setup/database";
import { attempt, CALL_US } from "~/lib/actions.server";

useTestDatabase();
beforeAll(async () => {
  await insertStoreSettings({ phone: "018 632 1234" });
});

function typed(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe("attempt", () => {
  it("answers an unexpected failure with a 500, the shop's phone number and the typed values", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await attempt(
      typed({ name: "Thabo" }),
      async () => {
        throw new Error("database gone");
      },
      CALL_US,
    );
    expect(result).toMatchObject({
      init: { status: 500 },
      data: {
        ok: false,
        alert: {
          title: "Something went wrong",
          description: "Please try again or call us at 018 632 1234.",
        },
        values: { name: "Thabo" },
      },
    });
  });

  it("answers a domain refusal with its status and message, by its field, never keeping passwords", async () => {
    const result = await attempt(typed({ sku: "F1", password: "secret" }), async () => {
      throw conflict("The SKU F1 is already used by another product.", "sku");
    });
    expect(result).toMatchObject({
      init: { status: 409 },
      data: {
        ok: false,
        alert: { title: "Error", description: "The SKU F1 is already used by another product." },
        fieldErrors: { sku: "The SKU F1 is already used by another product." },
        values: { sku: "F1" },
      },
    });
    expect((result as { data: { values: object } }).data.values).not.toHaveProperty("password");
  });

  it("passes a success through", async () => {
    const ok = { ok: true as const, message: { title: "Sent", description: "" } };
    expect(await attempt(new FormData(), async () => ok, CALL_US)).toBe(ok);
  });
});
