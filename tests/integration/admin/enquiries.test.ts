// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { getEnquiry } from "~/domain/leads/get-enquiry.server";
import * as layout from "~/routes/admin/layout";
import * as enquiries from "~/routes/admin/enquiries";
import * as enquiryList from "~/routes/admin/enquiry-list";
import * as enquiryExport from "~/routes/admin/enquiry-export";
import * as enquiry from "~/routes/admin/enquiry";
import { insertStoreSettings } from "../../factories";
import { useTestDatabase } from "../../setup/database";
import {
  insertConsultation,
  insertContactMessage,
  insertSubscriber,
} from "../leads/enquiry-factories";
import {
  STAFF_SIGN_IN,
  formRequest,
  routeOutcome,
  shopRequest,
  signedIn,
  statusOf,
} from "./helpers";

useTestDatabase();

const outcome = routeOutcome;

const cookies: Record<"customer" | "staff" | "owner", string> = {
  customer: "",
  staff: "",
  owner: "",
};
let messageId: number;

beforeAll(async () => {
  await insertStoreSettings();
  for (const role of ["customer", "staff", "owner"] as const) {
    cookies[role] = (await signedIn(role)).cookie;
  }
  // Consultation 1 is the one the role checks post to.
  await insertConsultation({ name: "Role Check" });
  await insertConsultation({
    name: "Naledi Khumalo",
    email: "naledi@example.com",
    phone: "083 000 1111",
    message: '=HYPERLINK("http://evil.example","Click")',
  });
  await insertConsultation({ name: "Closed Case", status: "closed" });
  messageId = (await insertContactMessage({ subject: "Delivery to Koster" })).id;
  await insertSubscriber({
    email: "yes@example.com",
    status: "confirmed",
    confirmedAt: new Date("2026-10-02T10:00:00Z"),
  });
  await insertSubscriber({ email: "waiting@example.com" });
});

/** Every new route's loader and action, with a URL to ask it on. */
const HANDLERS: [string, unknown, Record<string, string>, "GET" | "POST"][] = [
  ["/admin/enquiries", enquiries.loader, {}, "GET"],
  ["/admin/enquiries/consultations", enquiryList.loader, { tab: "consultations" }, "GET"],
  ["/admin/enquiries/messages", enquiryList.loader, { tab: "messages" }, "GET"],
  ["/admin/enquiries/subscribers", enquiryList.loader, { tab: "subscribers" }, "GET"],
  ["/admin/enquiries/consultations/export", enquiryExport.loader, { tab: "consultations" }, "GET"],
  ["/admin/enquiries/messages/export", enquiryExport.loader, { tab: "messages" }, "GET"],
  ["/admin/enquiries/subscribers/export", enquiryExport.loader, { tab: "subscribers" }, "GET"],
  ["/admin/enquiries/consultations/1", enquiry.loader, { tab: "consultations", id: "1" }, "GET"],
  ["/admin/enquiries/messages/1", enquiry.loader, { tab: "messages", id: "1" }, "GET"],
  ["/admin/enquiries/consultations/1", enquiry.action, { tab: "consultations", id: "1" }, "POST"],
];

const request = (path: string, method: "GET" | "POST", cookie?: string) =>
  method === "GET"
    ? shopRequest(path, { cookie })
    : formRequest(path, { status: "contacted", note: "Called back" }, cookie);

describe("the inbox's routes check the role on the server", () => {
  for (const [path, handler, params, method] of HANDLERS) {
    const kind = method === "GET" ? "loader" : "action";
    it(`${kind} of ${path}: signed out goes to the staff sign-in, a customer gets 403`, async () => {
      const signedOut = await outcome(handler, request(path, method), params);
      expect((signedOut.thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
      const customer = await outcome(handler, request(path, method, cookies.customer), params);
      expect(customer.returned).toBeUndefined();
      expect(statusOf(customer.thrown)).toBe(403);
    });

    it(`${kind} of ${path}: staff and owner get their answer`, async () => {
      for (const role of ["staff", "owner"] as const) {
        const result = await outcome(handler, request(path, method, cookies[role]), params);
        if (path === "/admin/enquiries") {
          expect((result.thrown as Response).headers.get("location")).toBe(
            "/admin/enquiries/consultations",
          );
          continue;
        }
        expect(result.thrown, role).toBeUndefined();
        expect(statusOf(result.returned), role).toBe(200);
      }
    });
  }

  it("the layout's count of new enquiries reaches staff, not customers", async () => {
    const staff = await outcome(
      layout.loader,
      shopRequest("/admin", { cookie: cookies.staff }),
      {},
    );
    expect(staff.returned).toMatchObject({ counts: { "/admin/enquiries": expect.any(Number) } });
    const customer = await outcome(
      layout.loader,
      shopRequest("/admin", { cookie: cookies.customer }),
      {},
    );
    expect(statusOf(customer.thrown)).toBe(403);
  });
});

describe("the inbox's pages", () => {
  const staffGet = (path: string, params: Record<string, string>, handler: unknown) =>
    outcome(handler, shopRequest(path, { cookie: cookies.staff }), params);

  it("404 for a tab the inbox does not have, a subscriber's page and a missing enquiry", async () => {
    for (const [path, handler, params] of [
      ["/admin/enquiries/orders", enquiryList.loader, { tab: "orders" }],
      ["/admin/enquiries/orders/export", enquiryExport.loader, { tab: "orders" }],
      ["/admin/enquiries/subscribers/1", enquiry.loader, { tab: "subscribers", id: "1" }],
      ["/admin/enquiries/messages/999999", enquiry.loader, { tab: "messages", id: "999999" }],
      [
        "/admin/enquiries/messages/3000000000",
        enquiry.loader,
        { tab: "messages", id: "3000000000" },
      ],
    ] as const) {
      expect(statusOf((await staffGet(path, params, handler)).thrown), path).toBe(404);
    }
  });

  it("export the filtered list as CSV, a formula kept as text", async () => {
    const result = await staffGet(
      "/admin/enquiries/consultations/export?status=new&q=naledi",
      { tab: "consultations" },
      enquiryExport.loader,
    );
    const response = result.returned as Response;
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(/consultations-[\d-]+\.csv/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      "Received,Name,Email,Phone,Type,Message,Status,Staff note,Handled by,Handled at",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Naledi Khumalo,naledi@example.com,083 000 1111");
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(text).not.toContain("Closed Case");
  });

  it("export only confirmed subscribers, whatever the filter", async () => {
    const result = await staffGet(
      "/admin/enquiries/subscribers/export?status=pending",
      { tab: "subscribers" },
      enquiryExport.loader,
    );
    const lines = (await (result.returned as Response).text()).trim().split(/\r?\n/);
    expect(lines).toEqual(["Email,Signed up,Consent given", expect.stringMatching(/^yes@/)]);
  });

  it("save a status and a note, and refuse a bad one with 400 and the typed values", async () => {
    const params = { tab: "messages", id: String(messageId) };
    const path = `/admin/enquiries/messages/${messageId}`;
    const saved = await outcome(
      enquiry.action,
      formRequest(path, { status: "contacted", note: "Replied about Koster" }, cookies.staff),
      params,
    );
    expect(saved.returned).toMatchObject({ ok: true, message: { title: "Enquiry Updated" } });
    expect(await getEnquiry({ kind: "message", id: messageId })).toMatchObject({
      status: "contacted",
      staffNote: "Replied about Koster",
    });

    const bad = await outcome(
      enquiry.action,
      formRequest(path, { status: "archived", note: "x" }, cookies.staff),
      params,
    );
    expect(statusOf(bad.returned)).toBe(400);
    expect(bad.returned).toMatchObject({
      data: { ok: false, fieldErrors: { status: "Choose a status." }, values: { note: "x" } },
    });
    const missing = await outcome(
      enquiry.action,
      formRequest("/admin/enquiries/consultations/999999", { status: "closed" }, cookies.staff),
      { tab: "consultations", id: "999999" },
    );
    expect(statusOf(missing.returned)).toBe(404);
  });
});
