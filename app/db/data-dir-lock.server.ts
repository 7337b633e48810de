import fs from "node:fs";
import path from "node:path";

/**
 * PGlite has no lock of its own: two processes on one data folder would each keep their own
 * copy and lose data. Take an exclusive lock file; a stale one (its process is gone) is replaced.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "bed-shop.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(fs.readFileSync(file, "utf8"));
      if (pid && pid !== process.pid && isRunning(pid)) {
        throw new Error(
          `The data folder ${path.resolve(dir)} is in use by process ${pid}. ` +
            "Stop that process first, or set DATA_DIR to another folder.",
          { cause: error },
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${path.resolve(dir)}.`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
