import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { accounts, users } from "~/db/schema";
import { siteUrl } from "~/lib/site-url.server";
import { createOwner } from "./accounts.server";
import { DEMO_OWNER } from "./demo-owner";
import { passwordHashing } from "./password-hash.server";

/** Creates the demo owner unless an account with its e-mail exists; returns whether it did. */
export async function ensureDemoOwner(): Promise<boolean> {
  const [existing] = await db()
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_OWNER.email));
  if (existing) return false;
  await createOwner({ ...DEMO_OWNER, baseURL: siteUrl() });
  return true;
}

/**
 * Whether the demo owner exists and can still sign in with the public demo password: a shop in
 * production must not start in that state (server/main.ts), unless it is the demo.
 */
export async function demoOwnerHasDemoPassword(): Promise<boolean> {
  const [row] = await db()
    .select({ hash: accounts.password })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
    .where(eq(users.email, DEMO_OWNER.email));
  if (!row?.hash) return false;
  return passwordHashing.verify({ hash: row.hash, password: DEMO_OWNER.password });
}
