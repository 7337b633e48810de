import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  RESET_REQUESTS_PER_ADDRESS,
  RESET_REQUESTS_PER_EMAIL,
  SIGN_UPS_PER_EMAIL,
  signUpWithPassword,
} from "~/domain/auth/accounts.server";
import * as authPage from "~/routes/auth/auth";
import * as forgotPassword from "~/routes/auth/forgot-password";
import { useTestDatabase } from "../../setup/database";
import { awayFromWindowEdges } from "../../setup/rate-window";
import { BASE_URL, formRequest } from "./helpers";

useTestDatabase();
awayFromWindowEdges();

const SIGN_UPS_PER_ADDRESS = 3;
let dataDir: string;
beforeAll(async () => {
  // Reset e-mails go to an outbox of the test's own.
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "account-limits-test-"));
  process.env.DATA_DIR = dataDir;
  process.env.FORM_RATE_LIMIT = String(SIGN_UPS_PER_ADDRESS);
});

afterAll(async () => {
  delete process.env.DATA_DIR;
  delete process.env.FORM_RATE_LIMIT;
  await fs.rm(dataDir, { recursive: true, force: true });
});

type Answer = { status: number; title: string; description: string };

/** Posts a form to a route's action as the browser would, and reads the answer's status and notice. */
async function post(
  route: { action: unknown },
  urlPath: string,
  fields: Record<string, string>,
  clientAddress: string,
): Promise<Answer> {
  const action = route.action as (args: object) => Promise<unknown>;
  type Notice = { title: string; description: string };
  type Body = { ok: boolean; alert?: Notice; message?: Notice };
  const result = (await action({
    request: formRequest(urlPath, fields),
    params: {},
    context: { clientAddress },
  })) as Body & { init?: { status?: number }; data?: Body };
  // A refusal comes as data(body, { status }); a success as the plain body.
  const body: Body = result.data ?? result;
  const notice = body.ok ? body.message : body.alert;
  return {
    status: result.init?.status ?? 200,
    title: notice?.title ?? "",
    description: notice?.description ?? "",
  };
}

const askReset = (email: string, address: string) =>
  post(forgotPassword, "/admin-login/forgot", { email }, address);

const signUp = (email: string, address: string) =>
  post(authPage, "/auth", { intent: "sign-up", email, password: "new-password" }, address);

let addressCounter = 0;
const freshAddress = () => `198.18.0.${++addressCounter}`;

async function outboxCount() {
  const files = await fs.readdir(path.join(dataDir, "outbox")).catch(() => []);
  return files.filter((f) => f.endsWith(".eml")).length;
}

describe("password-reset requests", () => {
  it("are limited per address: then 429 with a clear message", async () => {
    const address = freshAddress();
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS; i++) {
      expect(await askReset(`someone-${i}@example.com`, address)).toMatchObject({
        status: 200,
        title: "Check your e-mail",
      });
    }
    const refused = await askReset("someone-else@example.com", address);
    expect(refused).toMatchObject({ status: 429, title: "Too many attempts" });
    expect(refused.description).toMatch(/Too many reset requests\. Please wait \d+ minutes? and/);
    expect(await askReset("someone-else@example.com", freshAddress())).toMatchObject({
      status: 200,
    });
  });

  it("are limited per target e-mail from any address, whether or not it has an account", async () => {
    const registered = "has-account@example.com";
    await signUpWithPassword({ email: registered, password: "first-password", baseURL: BASE_URL });
    const before = await outboxCount();
    const answers: Record<string, Answer[]> = {};
    for (const email of [registered, "no-account@example.com"]) {
      answers[email] = [];
      for (let i = 0; i <= RESET_REQUESTS_PER_EMAIL; i++) {
        answers[email]!.push(await askReset(email, freshAddress()));
      }
    }
    // The same answers for both, so the limit does not tell who has an account.
    expect(answers[registered]).toEqual(answers["no-account@example.com"]);
    expect(answers[registered]!.map((a) => a.status)).toEqual([
      ...Array<number>(RESET_REQUESTS_PER_EMAIL).fill(200),
      429,
    ]);
    // Each inbox gets no more than the limit's e-mails: the reset link, or word that no account
    // has the address (one e-mail either way, so the time does not tell either).
    expect((await outboxCount()) - before).toBe(2 * RESET_REQUESTS_PER_EMAIL);
    // Written another way, it is the same target.
    expect(await askReset(" HAS-Account@Example.com", freshAddress())).toMatchObject({
      status: 429,
    });
  });

  it("parallel requests for one e-mail send at most the limit's e-mails", async () => {
    const email = "parallel-reset@example.com";
    await signUpWithPassword({ email, password: "first-password", baseURL: BASE_URL });
    const before = await outboxCount();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => askReset(email, freshAddress())),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(RESET_REQUESTS_PER_EMAIL);
    expect((await outboxCount()) - before).toBe(RESET_REQUESTS_PER_EMAIL);
  });
});

describe("sign-ups on /auth", () => {
  it("answer a registered e-mail as a new one, but only a few times per target e-mail from any address", async () => {
    const email = "taken@example.com";
    await signUpWithPassword({ email, password: "first-password", baseURL: BASE_URL });
    for (let i = 0; i < SIGN_UPS_PER_EMAIL; i++) {
      expect(await signUp(email, freshAddress())).toMatchObject({
        status: 200,
        title: "Check your e-mail",
      });
    }
    const refused = await signUp(email, freshAddress());
    expect(refused).toMatchObject({ status: 429, title: "Too many attempts" });
    expect(refused.description).toMatch(/Too many sign-up attempts\. Please wait \d+ minutes? and/);
  });

  it("are limited per address, so one address cannot test a list of e-mails", async () => {
    const address = freshAddress();
    const answers: Answer[] = [];
    for (let i = 0; i <= SIGN_UPS_PER_ADDRESS; i++) {
      answers.push(await signUp(`list-${i}@example.com`, address));
    }
    expect(answers.map((a) => a.status)).toEqual([
      ...Array<number>(SIGN_UPS_PER_ADDRESS).fill(200),
      429,
    ]);
    expect(answers.at(-1)?.description).toMatch(/Too many sign-up attempts/);
    expect(await signUp("list-9@example.com", freshAddress())).toMatchObject({ status: 200 });
  });

  it("parallel sign-ups for one e-mail get at most the limit's answers", async () => {
    const email = "parallel-sign-up@example.com";
    await signUpWithPassword({ email, password: "first-password", baseURL: BASE_URL });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => signUp(email, freshAddress())),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(SIGN_UPS_PER_EMAIL);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20 - SIGN_UPS_PER_EMAIL);
  });
});
