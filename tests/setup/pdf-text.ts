import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * A PDF's text as poppler's pdftotext reads it (Debian's poppler-utils, which .ci/run installs),
 * laid out as printed (a table's row on one line), with runs of spaces as one.
 */
export async function pdfToText(pdf: Buffer): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "pdf-text-"));
  try {
    const file = path.join(dir, "document.pdf");
    await fs.writeFile(file, pdf);
    const { stdout } = await run("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"]);
    // Each row of a table on one line, its columns one space apart.
    return stdout.replace(/\u00a0/g, " ").replace(/[ \t]+/g, " ");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new Error("pdftotext is missing: install Debian's poppler-utils.", { cause: error });
    }
    throw error;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
