import { describe, expect, it, vi } from "vitest";
import { submitOrApologise } from "./public-form.server";

describe("submitOrApologise", () => {
  it("answers an unexpected failure with a 500, the shop's phone number and the typed values", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const form = new FormData();
    form.set("name", "Thabo");
    const result = await submitOrApologise(
      form,
      async () => "018 632 1234",
      async () => {
        throw new Error("database gone");
      },
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

  it("passes a success through", async () => {
    const ok = { ok: true as const, message: { title: "Sent", description: "" } };
    expect(
      await submitOrApologise(
        new FormData(),
        async () => "",
        async () => ok,
      ),
    ).toBe(ok);
  });
});
