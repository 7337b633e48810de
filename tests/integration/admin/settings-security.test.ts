// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { beforeAll, describe, expect, it } from "vitest";
import * as twoFactorPage from "~/routes/auth/two-factor";
import { insertStoreSettings } from "../../factories";
import { useTestDatabase } from "../../setup/database";
import { awayFromWindowEdges } from "../../setup/rate-window";
import { STAFF_SIGN_IN, formRequest, routeOutcome, signedIn, statusOf } from "./helpers";
import { body, page, post } from "./two-factor-helpers";

useTestDatabase();
awayFromWindowEdges();

beforeAll(async () => {
  await insertStoreSettings();
});

describe("role checks of the Security tab and the code step", () => {
  const forms: Record<string, string>[] = [
    { intent: "start-two-factor", password: "x" },
    { intent: "confirm-two-factor", code: "123456" },
    { intent: "cancel-two-factor" },
    { intent: "renew-backup-codes", password: "x" },
    { intent: "turn-off-two-factor", password: "x" },
    { intent: "two-factor-rule", requireTwoFactor: "on" },
  ];

  it("signed out goes to the staff sign-in, a customer gets 403, for the page and every form", async () => {
    const customer = (await signedIn("customer")).cookie;
    const signedOut = await page(undefined);
    expect((signedOut.thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
    expect(statusOf((await page(customer)).thrown)).toBe(403);
    for (const fields of forms) {
      const out = await post(fields);
      expect((out.thrown as Response).headers.get("location"), fields.intent).toMatch(
        STAFF_SIGN_IN,
      );
      const asCustomer = await post(fields, customer);
      expect(asCustomer.returned, fields.intent).toBeUndefined();
      expect(statusOf(asCustomer.thrown), fields.intent).toBe(403);
    }
  });

  it("staff see their own section without the owner's; the owner sees the rule and the team", async () => {
    const staff = await signedIn("staff");
    const owner = await signedIn("owner");
    expect(body((await page(staff.cookie)).returned)).toMatchObject({ owner: null });
    expect(body((await page(owner.cookie)).returned)).toMatchObject({
      owner: {
        selfOn: false,
        staff: expect.arrayContaining([
          expect.objectContaining({ email: staff.email, on: false }),
          expect.objectContaining({ email: owner.email, on: false }),
        ]),
      },
    });
    const rule = await post({ intent: "two-factor-rule", requireTwoFactor: "on" }, staff.cookie);
    expect(statusOf(rule.thrown)).toBe(403);
  });

  it("an unknown intent is refused with 400", async () => {
    const staff = await signedIn("staff");
    expect(statusOf((await post({ intent: "nonsense" }, staff.cookie)).returned)).toBe(400);
    // The password is changed on My account now, not here.
    const moved = await post(
      { intent: "change-password", currentPassword: staff.password, newPassword: "a-new-pass" },
      staff.cookie,
    );
    expect(statusOf(moved.returned)).toBe(400);
  });

  it("the code step refuses a code that is not a code with 400, and needs a pending sign-in", async () => {
    const returned = await twoFactorPage.action({
      request: formRequest("/admin-login/two-factor", { code: "<script>" }),
      params: {},
      context: { clientAddress: "192.0.2.200" },
    } as never);
    expect(statusOf(returned)).toBe(400);
    const { thrown } = await routeOutcome(
      twoFactorPage.action,
      formRequest("/admin-login/two-factor", { code: "123456" }),
      {},
    );
    expect((thrown as Response).headers.get("location")).toBe("/admin-login?two-factor=expired");
  });
});
