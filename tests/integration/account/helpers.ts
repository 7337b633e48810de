import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseMessage, type ReceivedMail } from "../../setup/smtp";

/** A data folder of the test's own, so its e-mails land in an outbox it can read. */
export async function ownOutbox(prefix: string) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  process.env.DATA_DIR = dataDir;
  return {
    async mails(): Promise<ReceivedMail[]> {
      const dir = path.join(dataDir, "outbox");
      const files = (await fs.readdir(dir).catch(() => [])).sort();
      return Promise.all(
        files.map(async (f) => parseMessage(await fs.readFile(path.join(dir, f), "utf8"))),
      );
    },
    async close() {
      delete process.env.DATA_DIR;
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The link to `page` in the last e-mail sent to `to`. */
export function linkIn(mails: ReceivedMail[], to: string, page: string): URL {
  const mail = mails.filter((m) => m.to.includes(to)).at(-1);
  if (!mail) throw new Error(`No e-mail to ${to}`);
  const match = mail.text.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname === page);
  if (!match) throw new Error(`No ${page} link in: ${mail.text}`);
  return new URL(match);
}
