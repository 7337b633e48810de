import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { env } from "~/env.server";
import { createOwner } from "./accounts.server";
import { DEMO_OWNER } from "./demo-owner";

/** Creates the demo owner unless an account with its e-mail exists; returns whether it did. */
export async function ensureDemoOwner(): Promise<boolean> {
  const [existing] = await db()
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_OWNER.email));
  if (existing) return false;
  const { PUBLIC_URL, PORT } = env();
  await createOwner({ ...DEMO_OWNER, baseURL: PUBLIC_URL ?? `http://localhost:${PORT}` });
  return true;
}
