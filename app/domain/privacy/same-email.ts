import { sql, type SQL } from "drizzle-orm";

/** The address as the shop compares it: trimmed, lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A row whose address in `column` is `email`, compared as the shop compares addresses. */
export const sameEmail = (column: Parameters<typeof sql>[1], email: string): SQL =>
  sql`lower(${column}) = ${normaliseEmail(email)}`;
