import { describe, expect, it } from "vitest";
import { INVOICE_STATUSES, type InvoiceStatus } from "./invoice-status";
import {
  allowedInvoiceActions,
  canDoInvoiceAction,
  cancellationNote,
  INVOICE_ACTIONS,
  invoiceActionRefusal,
  isInvoiceAction,
  type InvoiceAction,
} from "./invoice-transitions";

const Y = true;
const N = false;

/** Every status and action: row = the stored status (overdue is sent), column = the action. */
const TABLE: Record<InvoiceStatus, Record<InvoiceAction, boolean>> = {
  //          edit     send     mark_paid  credit     cancel
  draft: { edit: Y, send: Y, mark_paid: N, credit: N, cancel: Y },
  sent: { edit: N, send: Y, mark_paid: Y, credit: Y, cancel: N },
  paid: { edit: N, send: N, mark_paid: N, credit: Y, cancel: N },
  cancelled: { edit: N, send: N, mark_paid: N, credit: N, cancel: N },
};

describe("what each invoice status allows", () => {
  it("the table names every status and every action", () => {
    expect(Object.keys(TABLE)).toEqual([...INVOICE_STATUSES]);
    for (const row of Object.values(TABLE)) expect(Object.keys(row)).toEqual([...INVOICE_ACTIONS]);
  });

  for (const status of INVOICE_STATUSES) {
    for (const action of INVOICE_ACTIONS) {
      const allowed = TABLE[status][action];
      it(`${action} on a ${status} invoice is ${allowed ? "allowed" : "refused"}`, () => {
        expect(canDoInvoiceAction(status, action)).toBe(allowed);
        const refusal = invoiceActionRefusal("INV-000123", status, action);
        if (allowed) expect(refusal).toBeNull();
        else expect(refusal).toMatch(/^INV-000123 is /);
      });
    }
  }

  it("lists the allowed actions in the page's order", () => {
    expect(allowedInvoiceActions("draft")).toEqual(["edit", "send", "cancel"]);
    expect(allowedInvoiceActions("sent")).toEqual(["send", "mark_paid", "credit"]);
    expect(allowedInvoiceActions("paid")).toEqual(["credit"]);
    expect(allowedInvoiceActions("cancelled")).toEqual([]);
  });

  it("says why an issued invoice is never voided and a draft not marked paid", () => {
    expect(invoiceActionRefusal("INV-000007", "paid", "cancel")).toBe(
      "INV-000007 is paid: an issued tax invoice is never voided; a credit note reduces it instead.",
    );
    expect(invoiceActionRefusal("INV-000007", "sent", "cancel")).toBe(
      "INV-000007 is issued: an issued tax invoice is never voided; a credit note reduces it instead.",
    );
    expect(invoiceActionRefusal("INV-000007", "draft", "credit")).toBe(
      "INV-000007 is still a draft: it was never issued, so there is nothing to credit.",
    );
    expect(invoiceActionRefusal("INV-000007", "draft", "mark_paid")).toBe(
      "INV-000007 is still a draft: send it before marking it paid.",
    );
    expect(invoiceActionRefusal("INV-000007", "sent", "edit")).toBe(
      "INV-000007 is sent: only a draft can be changed.",
    );
  });

  it("knows its actions by name", () => {
    expect(isInvoiceAction("mark_paid")).toBe(true);
    expect(isInvoiceAction("delete")).toBe(false);
    expect(isInvoiceAction(undefined)).toBe(false);
  });
});

describe("the cancellation's line in the notes", () => {
  it("is the notes' last line, with the day and the reason", () => {
    expect(cancellationNote("", "2026-03-04", "Ordered twice")).toBe(
      "Cancelled on 04/03/2026: Ordered twice",
    );
    expect(cancellationNote("Deliver to the back gate.\n", "2026-03-04", "Ordered twice")).toBe(
      "Deliver to the back gate.\nCancelled on 04/03/2026: Ordered twice",
    );
  });
});
