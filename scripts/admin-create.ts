import { parseArgs } from "node:util";
import { openDatabase, setDatabase } from "../app/db/client.server";
import { createOwner } from "../app/domain/auth/accounts.server";
import { PASSWORD_MAX, PASSWORD_MIN } from "../app/domain/auth/auth.server";
import { parseEnv } from "../app/env.server";

/**
 * `npm run admin:create -- --email E --password P`: creates an owner account for the back
 * office, or makes an existing account an owner with that password.
 */
async function main() {
  let env;
  let email: string;
  let password: string;
  try {
    env = parseEnv();
    ({ email, password } = options());
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await handle.migrate();
    setDatabase(handle);
    const baseURL = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
    const result = await createOwner({ email, password, baseURL });
    console.log(
      result.created
        ? `Created the owner ${email}. Sign in at ${baseURL}/admin-login`
        : `${email} already had an account: it is now an owner, with the new password and two-factor sign-in off.`,
    );
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

function options() {
  const { values } = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" } },
  });
  const email = values.email?.trim().toLowerCase() ?? "";
  const password = values.password ?? "";
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 255) {
    throw new Error("Usage: npm run admin:create -- --email owner@example.com --password '...'");
  }
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw new Error(`The password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long.`);
  }
  return { email, password };
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
