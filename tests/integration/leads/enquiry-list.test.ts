import { beforeAll, describe, expect, it } from "vitest";
import { ENQUIRY_LIST, SUBSCRIBER_LIST } from "~/domain/leads/enquiry-lists";
import { exportEnquiries, listEnquiries } from "~/domain/leads/list-enquiries.server";
import { exportSubscribers, listSubscribers } from "~/domain/leads/list-subscribers.server";
import { countNewEnquiries } from "~/domain/leads/enquiry-summary.server";
import { readListParams } from "~/lib/list-params";
import { useTestDatabase } from "../../setup/database";
import { insertConsultation, insertContactMessage, insertSubscriber } from "./enquiry-factories";

useTestDatabase();

const params = (query = "") => readListParams(ENQUIRY_LIST, new URLSearchParams(query));
const consultations = (query = "") =>
  listEnquiries({ kind: "consultation", params: params(query) });
const messages = (query = "") => listEnquiries({ kind: "message", params: params(query) });
const STATUSES = ["new", "contacted", "closed"] as const;
const moment = new Date("2026-10-01T09:00:00Z");

/**
 * 45 consultation requests: the first 30 sent at one and the same moment (equal dates), then one
 * a minute; statuses new, contacted, closed in turn; every fourth has the same name.
 */
beforeAll(async () => {
  for (let i = 0; i < 45; i++) {
    await insertConsultation({
      name: i % 4 === 0 ? "Same Name" : `Client ${String(i).padStart(2, "0")}`,
      status: STATUSES[i % 3],
      createdAt: i < 30 ? moment : new Date(moment.getTime() + (i - 29) * 60_000),
    });
  }
  await insertConsultation({
    name: "Thabo Mokoena",
    email: "thabo@mahikeng.example",
    phone: "018 381 2222",
    message: "A king size bed for Zeerust, 100% foam",
    createdAt: new Date("2026-09-01T09:00:00Z"),
  });
  await insertContactMessage({
    firstName: "Lerato",
    lastName: "Dlamini",
    subject: "Delivery to Koster",
    message: "Do you deliver?",
    status: "closed",
  });
  await insertContactMessage({ firstName: "Sipho", lastName: "Nkosi", subject: "Lay-by" });
}, 60_000);

describe("the consultations list", () => {
  it("answers newest first, 20 to a page, with the count of all", async () => {
    const first = await consultations();
    expect(first).toMatchObject({ total: 46, page: 1, pageCount: 3 });
    expect(first.rows).toHaveLength(20);
    const dates = first.rows.map((r) => r.createdAt.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(first.summary.newConsultations).toBe(16);
  });

  it("pages through every request once, equal dates in one steady order", async () => {
    const walk = async (query: string) => {
      const ids: number[] = [];
      for (let page = 1; page <= 3; page++) {
        ids.push(...(await consultations(`${query}&page=${page}`)).rows.map((r) => r.id));
      }
      return ids;
    };
    for (const query of ["sort=date&dir=desc", "sort=date&dir=asc", "sort=name&dir=asc"]) {
      const ids = await walk(query);
      expect(ids, query).toHaveLength(46);
      expect(new Set(ids).size, query).toBe(46);
      expect(await walk(query), query).toEqual(ids);
    }
    // Among the 30 sent at the same moment, the newer id comes first (newest first).
    const page2 = (await consultations("page=2")).rows.filter(
      (r) => r.createdAt.getTime() === moment.getTime(),
    );
    expect(page2.map((r) => r.id)).toEqual([...page2.map((r) => r.id)].sort((a, b) => b - a));
  });

  it("keeps equal names in id order when sorted by name", async () => {
    const rows = (await consultations("sort=name&dir=asc&page=3")).rows;
    const same = (await consultations("sort=name&dir=asc&q=Same+Name")).rows;
    expect(same).toHaveLength(12);
    expect(same.map((r) => r.id)).toEqual([...same.map((r) => r.id)].sort((a, b) => a - b));
    expect(rows.at(-1)?.name).toBe("Thabo Mokoena");
  });

  it("answers the last page for a page past the end, and the last page's remainder", async () => {
    const last = await consultations("page=3");
    expect(last).toMatchObject({ page: 3, pageCount: 3 });
    expect(last.rows).toHaveLength(6);
    const past = await consultations("page=99");
    expect(past).toMatchObject({ page: 3, pageCount: 3 });
    expect(past.rows.map((r) => r.id)).toEqual(last.rows.map((r) => r.id));
    const nothing = await consultations("q=nobody-at-all&page=5");
    expect(nothing).toMatchObject({ total: 0, page: 1, pageCount: 1, rows: [] });
  });

  it("filters by status, and sorts by status with the newest first within one", async () => {
    const contacted = await consultations("status=contacted");
    expect(contacted.total).toBe(15);
    expect(contacted.rows.every((r) => r.status === "contacted")).toBe(true);
    const byStatus = (await consultations("sort=status&dir=asc")).rows.map((r) => r.status);
    expect(byStatus.slice(0, 16)).toEqual(Array(16).fill("new"));
  });

  it("searches name, e-mail, phone and message, taking % literally", async () => {
    for (const q of ["thabo mok", "MAHIKENG.example", "381 2222", "zeerust", "100%"]) {
      const found = await consultations(`q=${encodeURIComponent(q)}`);
      expect(
        found.rows.map((r) => r.name),
        q,
      ).toEqual(["Thabo Mokoena"]);
    }
    expect((await consultations("q=%25")).total).toBe(1);
    expect((await consultations("q=Thabo&status=closed")).total).toBe(0);
  });
});

describe("the messages list", () => {
  it("searches the whole name and the subject, and filters by status", async () => {
    expect((await messages("q=lerato+dlamini")).rows.map((r) => r.topic)).toEqual([
      "Delivery to Koster",
    ]);
    expect((await messages("q=lay-by")).rows.map((r) => r.name)).toEqual(["Sipho Nkosi"]);
    expect((await messages("status=new")).rows.map((r) => r.name)).toEqual(["Sipho Nkosi"]);
  });

  it("counts the new ones of both kinds for the sidebar", async () => {
    expect(await countNewEnquiries()).toBe(16 + 1);
  });
});

describe("exports", () => {
  it("give every enquiry the filters show, past one page, with the type's label", async () => {
    const rows = [];
    for await (const row of exportEnquiries({
      kind: "consultation",
      params: params("status=new"),
    })) {
      rows.push(row);
    }
    expect(rows).toHaveLength(16);
    expect(rows.every((r) => r[4] === "Purchase consultation" && r[6] === "new")).toBe(true);
  });

  it("of subscribers list the confirmed ones only, with when they consented", async () => {
    const consent = new Date("2026-10-02T10:00:00Z");
    await insertSubscriber({ email: "yes@example.com", status: "confirmed", confirmedAt: consent });
    await insertSubscriber({ email: "waiting@example.com", status: "pending" });
    await insertSubscriber({ email: "gone@example.com", status: "unsubscribed" });
    const all = await listSubscribers({
      params: readListParams(SUBSCRIBER_LIST, new URLSearchParams("sort=email&dir=asc")),
    });
    expect(all.rows.map((s) => s.email)).toEqual([
      "gone@example.com",
      "waiting@example.com",
      "yes@example.com",
    ]);
    for (const query of ["", "status=pending", "q=example"]) {
      const exported = [];
      const subscriberParams = readListParams(SUBSCRIBER_LIST, new URLSearchParams(query));
      for await (const row of exportSubscribers({ params: subscriberParams })) exported.push(row);
      expect(exported, query).toEqual([["yes@example.com", expect.any(Date), consent]]);
    }
  });
});
