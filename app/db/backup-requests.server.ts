import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { PGlite } from "@electric-sql/pglite";

/**
 * A PGlite data folder can be read only by the process that holds it (data-dir-lock.server.ts),
 * so that process answers `npm run db:backup` on a Unix socket in the data folder: local only,
 * in a folder only the shop's own user may enter (docs/decisions/020-backups.md).
 */
const REQUEST = "pglite-data-dir\n";
const SOCKET_FOLDER = "run";
const ANSWER_TIMEOUT_MS = 120_000;

/** The socket's address: a relative one when shorter (a socket path may hold about 100 bytes). */
export function backupSocketPath(dataDir: string): string {
  const absolute = path.resolve(dataDir, SOCKET_FOLDER, "backup.sock");
  const relative = path.relative(process.cwd(), absolute);
  return relative.length < absolute.length ? relative : absolute;
}

/**
 * The whole data folder as PGlite's tarball, taken between two transactions: PGlite runs one
 * statement at a time, and its dump reads the folder without letting another statement in, so
 * the copy is one instant of the database. A checkpoint first writes what is only in memory.
 */
async function copyDataDir(client: PGlite): Promise<Blob> {
  return client.transaction(async (tx) => {
    await tx.exec("CHECKPOINT");
    return client.dumpDataDir("none");
  });
}

/**
 * Answers backup requests for `dataDir` until the returned function is called (when the
 * database closes). Never keeps the process running; a socket that cannot be opened only turns
 * backups of the running shop off, with a warning.
 */
export function answerBackupRequests(dataDir: string, client: PGlite): () => Promise<void> {
  const socketPath = backupSocketPath(dataDir);
  let queue: Promise<unknown> = Promise.resolve();
  const connections = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections.add(socket);
    socket.once("close", () => connections.delete(socket));
    socket.setTimeout(30_000, () => socket.destroy());
    socket.on("error", () => {});
    readRequest(socket).then((request) => {
      if (request !== REQUEST) {
        socket.destroy();
        return;
      }
      // One copy at a time: each holds the whole folder in memory while it is sent.
      queue = queue.then(() => sendCopy(socket, client));
    });
  });
  server.unref();
  try {
    const folder = path.dirname(socketPath);
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    fs.chmodSync(folder, 0o700);
    // A socket left by a process that ended without closing: ours now, since we hold the lock.
    fs.rmSync(socketPath, { force: true });
  } catch (error) {
    warnOff(error);
    return async () => {};
  }
  server.on("error", warnOff);
  server.listen(socketPath);
  return async () => {
    // Closing the database ends a copy being sent: the backup reports it cut short.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of connections) socket.destroy();
    await closed;
    fs.rmSync(socketPath, { force: true });
  };
}

function warnOff(error: unknown) {
  console.warn(
    `Backups of the running shop are off: the backup socket could not be opened (${(error as Error).message}).`,
  );
}

/** The first line the client sends (at most a few bytes), or null when it sends none. */
function readRequest(socket: net.Socket): Promise<string | null> {
  return new Promise((resolve) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += chunk.toString("latin1");
      if (text.includes("\n") || text.length > REQUEST.length) {
        socket.off("data", onData);
        socket.pause();
        resolve(text);
      }
    };
    socket.on("data", onData);
    socket.once("close", () => resolve(null));
  });
}

async function sendCopy(socket: net.Socket, client: PGlite) {
  if (socket.destroyed) return;
  socket.setTimeout(0);
  try {
    const copy = await copyDataDir(client);
    socket.write(`${JSON.stringify({ ok: true, bytes: copy.size })}\n`);
    await pipeline(Readable.fromWeb(copy.stream() as never), socket);
  } catch (error) {
    if (!socket.destroyed) {
      socket.end(`${JSON.stringify({ ok: false, error: (error as Error).message })}\n`);
    }
  }
}

/**
 * Asks the process holding `dataDir` for a copy of its database and writes it (PGlite's
 * uncompressed tarball) to `file`. False when no process answers: the folder is not in use, or
 * its holder does not take backups.
 */
export async function requestCopyFromHolder(dataDir: string, file: string): Promise<boolean> {
  let socket: net.Socket;
  try {
    socket = await connect(backupSocketPath(dataDir));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ECONNREFUSED") return false;
    throw error;
  }
  // The shop answers once its transactions under way have finished: give it time, not forever.
  socket.setTimeout(ANSWER_TIMEOUT_MS, () =>
    socket.destroy(new Error("The shop did not answer the backup's request within 2 minutes.")),
  );
  try {
    socket.write(REQUEST);
    const { header, rest } = await readHeader(socket);
    if (!header.ok) throw new Error(`The shop could not copy its database: ${header.error}`);
    const out = fs.createWriteStream(file);
    let received = 0;
    const counted = async function* (source: AsyncIterable<Buffer>) {
      if (rest.length) {
        received += rest.length;
        yield rest;
      }
      for await (const chunk of source) {
        received += chunk.length;
        yield chunk;
      }
    };
    await pipeline(socket, counted, out);
    if (received !== header.bytes) {
      throw new Error(
        `The shop's copy of its database was cut short (${received} of ${header.bytes} bytes).`,
      );
    }
    return true;
  } finally {
    socket.destroy();
  }
}

function connect(socketPath: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    socket.once("connect", () => {
      socket.off("error", reject);
      resolve(socket);
    });
    socket.once("error", reject);
  });
}

type Header = { ok: true; bytes: number } | { ok: false; error: string };

/** The answer's first line (JSON) and whatever bytes came after it in the same chunk. */
function readHeader(socket: net.Socket): Promise<{ header: Header; rest: Buffer }> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const fail = (error: Error) => {
      socket.off("data", onData);
      reject(error);
    };
    const onEnd = () => fail(new Error("The shop closed the backup connection without an answer."));
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf(10);
      if (end === -1) {
        if (buffered.length > 64 * 1024) fail(new Error("The shop's answer is not a backup."));
        return;
      }
      socket.off("data", onData);
      socket.off("end", onEnd);
      socket.off("error", fail);
      socket.pause();
      try {
        const header = JSON.parse(buffered.subarray(0, end).toString("utf8")) as Header;
        resolve({ header, rest: buffered.subarray(end + 1) });
      } catch {
        reject(new Error("The shop's answer is not a backup."));
      }
    };
    socket.on("data", onData);
    socket.once("end", onEnd);
    socket.once("error", fail);
  });
}
