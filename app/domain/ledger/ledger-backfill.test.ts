import fs from "node:fs";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as cash from "./cash-statements";
import * as sales from "./sales-statements";

const everything = sql`true`;
/** In the order the backfill must run them: a credit note's lines read its invoice's. */
const STATEMENTS = [
  sales.invoiceEntries(everything),
  sales.invoiceLines(everything),
  sales.creditNoteEntries(everything),
  sales.creditNoteLines(everything),
  sales.chargeEntries(everything),
  sales.chargeLines(everything),
  cash.paymentEntries(everything),
  cash.showroomPaymentEntries(everything),
  cash.invoicePaymentEntries(everything),
  cash.refundPaidEntries(everything),
  cash.laybyRefundPaidEntries(everything),
];

const words = (text: string) => text.replace(/\s+/g, " ").trim();

describe("the sales ledger's backfill", () => {
  it("is the live writes' own statements, for every row, in the migration", () => {
    const file = fs.readdirSync("drizzle").find((f) => /^\d{4}_sales_ledger\.sql$/.test(f))!;
    const [, handWritten = ""] = fs
      .readFileSync(`drizzle/${file}`, "utf8")
      .split(/^-- hand-written$/m);
    const inMigration = handWritten
      .split("--> statement-breakpoint")
      .map((s) => words(s.replace(/^--.*$/gm, "")))
      .filter(Boolean);
    const dialect = new PgDialect();
    const rendered = STATEMENTS.map((statement) => {
      const query = dialect.sqlToQuery(statement);
      expect(query.params).toEqual([]);
      return words(`${query.sql.replace(/ returning id$/, "")};`);
    });
    expect(inMigration).toEqual(rendered);
  });
});
