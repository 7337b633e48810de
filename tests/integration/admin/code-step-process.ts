// A server process of its own for two-factor-replay.test.ts: it opens the database at
// DATABASE_URL, prints "ready", and when a line `[code, cookie]` arrives on stdin submits the
// code step as that browser (base URL and client address from argv), then prints "result <json>".
import readline from "node:readline";
import { openDatabase, setDatabase } from "~/db/client.server";
import { auth } from "~/domain/auth/auth.server";
import { signInWithCode } from "~/domain/auth/two-factor-sign-in.server";

const [baseURL = "", clientAddress = ""] = process.argv.slice(2);
const handle = await openDatabase({ url: process.env.DATABASE_URL! });
setDatabase(handle);
await auth(baseURL).$context;
process.stdout.write("ready\n");

const input = readline.createInterface({ input: process.stdin });
const line = await new Promise<string>((resolve) => input.once("line", resolve));
input.close();
const [code, cookie] = JSON.parse(line) as [string, string];
const result = await signInWithCode({
  code,
  request: new Request(`${baseURL}/admin-login/two-factor`, {
    method: "POST",
    headers: { cookie },
  }),
  baseURL,
  clientAddress,
});
const setCookies = "headers" in result ? result.headers.getSetCookie() : [];
process.stdout.write(`result ${JSON.stringify({ ...result, headers: undefined, setCookies })}\n`);
await handle.close();
