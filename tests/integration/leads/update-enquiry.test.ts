import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { getEnquiry } from "~/domain/leads/get-enquiry.server";
import { updateEnquiry } from "~/domain/leads/update-enquiry.server";
import { insertStoreSettings } from "../../factories";
import { useTestDatabase } from "../../setup/database";
import { signedIn } from "../admin/helpers";
import { insertConsultation, insertContactMessage } from "./enquiry-factories";

useTestDatabase();

let actor: { id: string; email: string; name: string };
beforeAll(async () => {
  await insertStoreSettings();
  const staff = await signedIn("staff");
  actor = { id: staff.user.id, email: staff.email, name: staff.user.name };
});

const enquiryAudits = () =>
  db().select().from(auditLog).where(eq(auditLog.action, "enquiry_status_changed"));

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe("updateEnquiry", () => {
  it("sets status and note, records who and when, and audits the change of status", async () => {
    const request = await insertConsultation({ name: "Naledi Khumalo" });
    const before = Date.now();
    await updateEnquiry({
      kind: "consultation",
      id: request.id,
      status: "contacted",
      note: "  Called, visiting Saturday  ",
      actor,
    });
    const saved = await getEnquiry({ kind: "consultation", id: request.id });
    expect(saved).toMatchObject({
      status: "contacted",
      staffNote: "Called, visiting Saturday",
      name: "Naledi Khumalo",
    });
    expect(saved.handler).toBe(actor.name || actor.email);
    expect(saved.handledAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const audits = await enquiryAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: actor.id,
      actorEmail: actor.email,
      subject: `consultation:${request.id}`,
      details: { from: "new", to: "contacted" },
    });
  });

  it("audits every change of status of a message, and not a note alone", async () => {
    const message = await insertContactMessage();
    const change = (status: string, note: string) =>
      updateEnquiry({ kind: "message", id: message.id, status, note, actor });
    expect(await change("contacted", "")).toEqual({ changed: true });
    expect(await change("contacted", "Replied by e-mail")).toEqual({ changed: true });
    expect(await change("contacted", "Replied by e-mail")).toEqual({ changed: false });
    expect(await change("closed", "Replied by e-mail")).toEqual({ changed: true });
    const audits = (await enquiryAudits()).filter((a) => a.subject === `message:${message.id}`);
    expect(audits.map((a) => a.details)).toEqual([
      { from: "new", to: "contacted" },
      { from: "contacted", to: "closed" },
    ]);
    expect((await getEnquiry({ kind: "message", id: message.id })).staffNote).toBe(
      "Replied by e-mail",
    );
  });

  it("refuses an enquiry that does not exist, an unknown status and a note too long", async () => {
    const request = await insertConsultation();
    const missing = await refusal(
      updateEnquiry({ kind: "message", id: 2_147_483_647, status: "closed", note: "", actor }),
    );
    expect(missing.kind).toBe("not_found");
    const status = await refusal(
      updateEnquiry({ kind: "consultation", id: request.id, status: "archived", note: "", actor }),
    );
    expect(status).toMatchObject({ kind: "invalid", field: "status" });
    const note = await refusal(
      updateEnquiry({
        kind: "consultation",
        id: request.id,
        status: "closed",
        note: "x".repeat(2001),
        actor,
      }),
    );
    expect(note).toMatchObject({ kind: "invalid", field: "note" });
    expect((await getEnquiry({ kind: "consultation", id: request.id })).status).toBe("new");
    expect((await refusal(getEnquiry({ kind: "consultation", id: 2_147_483_647 }))).kind).toBe(
      "not_found",
    );
  });
});
