// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { creditNotes, invoices } from "~/db/schema";
import {
  recordCreditNoteInLedger,
  recordInvoiceInLedger,
} from "~/domain/ledger/record-sales.server";
import { QUICK_REPORT_HEADERS, QUICK_REPORT_KEYS } from "~/domain/reports/report-exports.server";
import { END_BEFORE_START_MESSAGE, DATE_MESSAGE } from "~/domain/reports/report-schemas";
import * as reportsPage from "~/routes/admin/reports";
import * as reportsExport from "~/routes/admin/reports-export";
import { shopToday } from "~/lib/dates";
import { useTestDatabase } from "../../setup/database";
import { insertOrders, setUpCatalogue } from "../reports/report-fixtures";
import { STAFF_SIGN_IN, routeOutcome, shopRequest, signedIn, statusOf } from "./helpers";

useTestDatabase();

const cookies = { customer: "", staff: "", owner: "" };
const body = (value: unknown) => (value as { data?: unknown }).data ?? value;
const seller = {
  storeName: "Test Beds",
  legalName: "",
  registrationNumber: "",
  vatNumber: "",
  addressLines: [],
  phone: "",
  email: "",
};

beforeAll(async () => {
  const { items } = await setUpCatalogue(3);
  cookies.customer = (await signedIn("customer")).cookie;
  cookies.staff = (await signedIn("staff")).cookie;
  cookies.owner = (await signedIn("owner")).cookie;
  const at = new Date();
  await insertOrders(items, [
    {
      paidAt: at,
      createdAt: at,
      email: "buyer@example.com",
      city: "Mahikeng",
      lines: [{ item: 1, quantity: 2 }],
      discountCents: 0,
      deliveryCents: 0,
      refunds: [],
    },
  ]);
  // A VAT summary for 1-30 November 2026: two invoices (one a draft, not issued), a credit note.
  const [sent] = await db()
    .insert(invoices)
    .values([
      {
        number: 501,
        status: "sent",
        issueDate: "2026-11-05",
        seller,
        buyerName: "Naledi",
        totalCents: 115_000,
        vatCents: 15_000,
        sentAt: new Date("2026-11-05T08:00:00Z"),
      },
      {
        number: 502,
        status: "draft",
        issueDate: "2026-11-06",
        seller,
        buyerName: "Draft",
        totalCents: 23_000,
        vatCents: 3_000,
      },
    ])
    .returning();
  const [note] = await db()
    .insert(creditNotes)
    .values({
      number: 7,
      invoiceId: sent!.id,
      issueDate: "2026-11-20",
      reason: "Returned pillow",
      totalCents: 11_500,
      vatCents: 1_500,
      createdBy: "test",
      createdAt: new Date("2026-11-20T08:00:00Z"),
    })
    .returning();
  // Issued as the shop issues them: each recorded in the sales ledger that the reports read.
  await db().transaction(async (tx) => {
    await recordInvoiceInLedger(tx, sent!.id);
    await recordCreditNoteInLedger(tx, note!.id);
  });
});

const ROUTES = [
  ["/admin/reports", reportsPage, {}],
  ["/admin/reports/export/sales-by-day", reportsExport, { report: "sales-by-day" }],
] as const;

describe("reports: who may see them", () => {
  for (const [path, module, params] of ROUTES) {
    it(`${path}: signed out goes to the staff sign-in`, async () => {
      const { thrown } = await routeOutcome(module.loader, shopRequest(path), params);
      expect((thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
    });
    it(`${path}: a customer gets 403 and no data`, async () => {
      const result = await routeOutcome(
        module.loader,
        shopRequest(path, { cookie: cookies.customer }),
        params,
      );
      expect(result.returned).toBeUndefined();
      expect(statusOf(result.thrown)).toBe(403);
    });
    for (const role of ["staff", "owner"] as const) {
      it(`${path}: ${role} gets the figures`, async () => {
        const result = await routeOutcome(
          module.loader,
          shopRequest(path, { cookie: cookies[role] }),
          params,
        );
        expect(result.thrown).toBeUndefined();
        expect(statusOf(result.returned)).toBe(200);
      });
    }
  }
});

describe("the reports page", () => {
  it("shows this month's paid order by default, with a link for each quick report", async () => {
    const { returned } = await routeOutcome(
      reportsPage.loader,
      shopRequest("/admin/reports", { cookie: cookies.staff }),
      {},
    );
    const { view } = body(returned) as {
      view: {
        label: string;
        report: {
          sales: { orders: { value: number } };
          customers: { topTowns: { town: string }[] };
        };
        quickReports: { href: string }[];
      };
    };
    expect(view.label).toBe("This Month");
    // The web order paid now, and the hand-made invoice sent on 5 November when this month is November 2026.
    const handMade = shopToday().startsWith("2026-11-") ? 1 : 0;
    expect(view.report.sales.orders.value).toBe(1 + handMade);
    expect(view.report.customers.topTowns[0]!.town).toBe("Mahikeng");
    expect(view.quickReports.map((q) => q.href)).toEqual(
      QUICK_REPORT_KEYS.map((k) => `/admin/reports/export/${k}?period=this-month`),
    );
  });

  it("answers a custom range it cannot use with 400 and messages by the dates", async () => {
    for (const [query, field, message] of [
      ["period=custom&from=2026-11-30&to=2026-11-01", "to", END_BEFORE_START_MESSAGE],
      ["period=custom&from=2026-02-30&to=2026-03-01", "from", DATE_MESSAGE],
      ["period=decade", "period", "Choose one of the periods listed."],
    ] as const) {
      const { returned } = await routeOutcome(
        reportsPage.loader,
        shopRequest(`/admin/reports?${query}`, { cookie: cookies.owner }),
        {},
      );
      expect(statusOf(returned)).toBe(400);
      expect(body(returned)).toMatchObject({ view: null, errors: { [field]: message } });
    }
  });
});

describe("the quick reports' CSV downloads", () => {
  const download = async (path: string, params: Record<string, string>) => {
    const { returned, thrown } = await routeOutcome(
      reportsExport.loader,
      shopRequest(path, { cookie: cookies.staff }),
      params,
    );
    return (returned ?? thrown) as Response;
  };

  it("each streams its header and rows as CSV", async () => {
    for (const key of QUICK_REPORT_KEYS) {
      const response = await download(`/admin/reports/export/${key}?period=this-year`, {
        report: key,
      });
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(
        new RegExp(`^attachment; filename="${key}-`),
      );
      const text = await response.text();
      expect(text.split("\r\n")[0]!.replace("\uFEFF", "").split("\n")[0]).toBe(
        QUICK_REPORT_HEADERS[key].join(","),
      );
    }
  });

  it("sales by product lists what sold, with its margin from the cost price", async () => {
    const text = await (
      await download("/admin/reports/export/sales-by-product?period=this-year", {
        report: "sales-by-product",
      })
    ).text();
    // Report Bed 2: R1,375.00 each (cost R687.50 + R1.01), two sold.
    expect(text).toContain("RB-2,Report Bed 2,queen,2,2750.00,2391.30,1377.02,1014.28");
  });

  it("the VAT summary is output VAT on issued invoices less credit notes, and its total net sales", async () => {
    const text = await (
      await download(
        "/admin/reports/export/vat-summary?period=custom&from=2026-11-01&to=2026-11-30",
        {
          report: "vat-summary",
        },
      )
    ).text();
    expect(text).toContain("Tax invoice,INV-000501,2026-11-05,Naledi,1150.00,150.00,1000.00");
    expect(text).not.toContain("INV-000502");
    expect(text).toContain("Credit note,CN-000007,2026-11-20,Naledi,-115.00,-15.00,-100.00");
    expect(text).toContain("Less credit notes,,2026-11-01 to 2026-11-30,,-115.00,-15.00,-100.00");
    // Plus the web order paid now (R2,750.00, VAT R358.70) when now is in November 2026.
    const now = shopToday().startsWith("2026-11-");
    expect(text).toContain(
      now
        ? "Output VAT,,2026-11-01 to 2026-11-30,,3785.00,493.70,3291.30"
        : "Output VAT,,2026-11-01 to 2026-11-30,,1035.00,135.00,900.00",
    );
  });

  it("refuses an unknown report with 404 and a range it cannot use with 400", async () => {
    const unknown = await routeOutcome(
      reportsExport.loader,
      shopRequest("/admin/reports/export/everything", { cookie: cookies.staff }),
      { report: "everything" },
    );
    expect(statusOf(unknown.thrown)).toBe(404);
    const bad = await download(
      "/admin/reports/export/sales-by-day?period=custom&from=2026-11-30&to=2026-11-01",
      { report: "sales-by-day" },
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe(END_BEFORE_START_MESSAGE);
  });
});
