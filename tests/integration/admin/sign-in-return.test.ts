// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { getSessionUser } from "~/domain/auth/session.server";
import * as order from "~/routes/admin/order";
import * as adminLogin from "~/routes/auth/admin-login";
import * as signOut from "~/routes/auth/sign-out";
import * as twoFactorPage from "~/routes/auth/two-factor";
import { insertStoreSettings } from "../../factories";
import { useTestDatabase } from "../../setup/database";
import { awayFromWindowEdges } from "../../setup/rate-window";
import { formRequest, routeOutcome, shopRequest, signedIn, statusOf } from "./helpers";
import { appCode, enableTwoFactor, headersOf, withCookies } from "./two-factor-helpers";

useTestDatabase();
awayFromWindowEdges();

beforeAll(async () => {
  await insertStoreSettings();
});

const ORDER = "/admin/orders/1002";
const SIGN_IN_TO_ORDER = "/admin-login?next=%2Fadmin%2Forders%2F1002";
let addressCounter = 0;

/** Where an answer sends the browser (a thrown or returned redirect), and its cookies. */
function followed(outcome: { returned?: unknown; thrown?: unknown }, cookie = "") {
  const answer = outcome.thrown ?? outcome.returned;
  const location = answer instanceof Response ? answer.headers.get("location") : null;
  return { location, cookie: withCookies(cookie, headersOf(answer)), answer };
}

/** The staff sign-in form, posted to the address the page gives it (`/admin-login?next=...`). */
async function signInAt(path: string, email: string, password: string, cookie?: string) {
  const outcome = await routeOutcome(
    adminLogin.action,
    formRequest(path, { email, password }, cookie),
    {},
  );
  return followed(outcome, cookie);
}

async function codeAt(path: string, cookie: string, code: string) {
  try {
    const returned = await twoFactorPage.action({
      request: formRequest(path, { code }, cookie),
      params: {},
      context: { clientAddress: `198.51.100.${++addressCounter}` },
    } as never);
    return { location: null, status: statusOf(returned), cookie };
  } catch (thrown) {
    return { ...followed({ thrown }, cookie), status: (thrown as Response).status };
  }
}

describe("a back-office link after the session ended", () => {
  it("goes to the staff sign-in page with the page asked for, for a page and its data request", async () => {
    for (const path of [ORDER, `${ORDER}.data?_routes=routes%2Fadmin%2Forder`]) {
      const { location } = followed(
        await routeOutcome(order.loader, shopRequest(path), { number: "1002" }),
      );
      expect(location).toBe(SIGN_IN_TO_ORDER);
    }
    const listed = followed(
      await routeOutcome(order.loader, shopRequest("/admin/orders/1002?tab=payments"), {
        number: "1002",
      }),
    );
    expect(listed.location).toBe("/admin-login?next=%2Fadmin%2Forders%2F1002%3Ftab%3Dpayments");
  });

  it("the staff sign-in page keeps the page, and signing in lands on it, not the dashboard", async () => {
    const staff = await signedIn("staff");
    const shown = await routeOutcome(adminLogin.loader, shopRequest(SIGN_IN_TO_ORDER), {});
    expect(shown.returned).toMatchObject({ next: ORDER });

    const signedInNow = await signInAt(SIGN_IN_TO_ORDER, staff.email, staff.password);
    expect(signedInNow.location).toBe(ORDER);
    expect(await getSessionUser(shopRequest(ORDER, { cookie: signedInNow.cookie }))).toMatchObject({
      email: staff.email,
    });

    // Already signed in: the sign-in page sends the browser straight on to the page.
    const again = followed(
      await routeOutcome(
        adminLogin.loader,
        shopRequest(SIGN_IN_TO_ORDER, { cookie: signedInNow.cookie }),
        {},
      ),
    );
    expect(again.location).toBe(ORDER);

    // A wrong password keeps the page for the next try and sends nobody anywhere.
    const wrong = await signInAt(SIGN_IN_TO_ORDER, staff.email, "not-the-password");
    expect(wrong.location).toBeNull();
    expect(statusOf(wrong.answer)).toBe(401);
  });

  it.each([
    ["another site", "https://evil.example/admin"],
    ["a protocol-relative address", "//evil.example/admin"],
    ["a backslash", "/\\evil.example"],
    ["an encoded protocol-relative address", "%2F%2Fevil.example"],
    ["a storefront page", "/checkout"],
    ["the sign-in page itself", "/admin-login"],
    ["a dot-dot segment out of /admin", "/admin/../account"],
  ])("%s as the page to return to lands on the dashboard", async (_label, next) => {
    const staff = await signedIn("staff");
    const path = `/admin-login?next=${encodeURIComponent(next)}`;
    const shown = await routeOutcome(adminLogin.loader, shopRequest(path), {});
    expect(shown.returned).toMatchObject({ next: null });
    expect((await signInAt(path, staff.email, staff.password)).location).toBe("/admin");
  });

  it("a customer's account signing in with the page is not let into it", async () => {
    const customer = await signedIn("customer");
    const after = await signInAt(SIGN_IN_TO_ORDER, customer.email, customer.password);
    // The sign-in itself goes through; the order's own gate then answers 403.
    expect(after.location).toBe(ORDER);
    const { thrown } = await routeOutcome(
      order.loader,
      shopRequest(ORDER, { cookie: after.cookie }),
      { number: "1002" },
    );
    expect(statusOf(thrown)).toBe(403);
  });
});

describe("with two-factor sign-in on", () => {
  it("the page asked for is kept through the code step and opened after the code", async () => {
    const staff = await signedIn("staff");
    const { secret } = await enableTwoFactor(staff.cookie, staff.password);

    const step = await signInAt(SIGN_IN_TO_ORDER, staff.email, staff.password);
    const codePath = "/admin-login/two-factor?next=%2Fadmin%2Forders%2F1002";
    expect(step.location).toBe(codePath);
    const shown = await routeOutcome(
      twoFactorPage.loader,
      shopRequest(codePath, { cookie: step.cookie }),
      {},
    );
    expect(shown.returned).toEqual({ email: staff.email, next: ORDER });

    const done = await codeAt(codePath, step.cookie, appCode(secret));
    expect(done.location).toBe(ORDER);
    expect(await getSessionUser(shopRequest(ORDER, { cookie: done.cookie }))).toMatchObject({
      email: staff.email,
    });
  });

  it("a forged page on the code step lands on the dashboard; an expired step keeps the page", async () => {
    const staff = await signedIn("staff");
    const { secret } = await enableTwoFactor(staff.cookie, staff.password);
    const step = await signInAt("/admin-login", staff.email, staff.password);
    expect(step.location).toBe("/admin-login/two-factor");
    const forged = `/admin-login/two-factor?next=${encodeURIComponent("//evil.example")}`;
    const done = await codeAt(forged, step.cookie, appCode(secret));
    expect(done.location).toBe("/admin");

    // No sign-in waiting: back to the password, with the page still asked for.
    const expired = await codeAt(
      "/admin-login/two-factor?next=%2Fadmin%2Forders%2F1002",
      "",
      "123456",
    );
    expect(expired.location).toBe(`${SIGN_IN_TO_ORDER}&two-factor=expired`);
    const gone = followed(
      await routeOutcome(
        twoFactorPage.loader,
        shopRequest("/admin-login/two-factor?next=%2Fadmin%2Forders%2F1002"),
        {},
      ),
    );
    expect(gone.location).toBe(SIGN_IN_TO_ORDER);
  });
});

describe("signing out of the back office", () => {
  it("goes to the staff sign-in page, never the page with Create Account", async () => {
    const staff = await signedIn("staff");
    const out = followed(
      await routeOutcome(signOut.action, formRequest("/auth/sign-out", {}, staff.cookie), {}),
    );
    expect(out.location).toBe("/admin-login");
    expect(await getSessionUser(shopRequest("/admin", { cookie: staff.cookie }))).toBeNull();
  });
});
