import { spawn } from "node:child_process";
import fsp from "node:fs/promises";
import { Readable } from "node:stream";
import pg from "pg";
import { countShopRows, readContents, type DatabaseContents } from "./backup-contents.server";

/**
 * PostgreSQL's backups are pg_dump's custom format, made and read by Debian's postgresql-client
 * (pg_dump, pg_restore, psql) of the server's major version or newer.
 */

/**
 * Dumps the database to `file` and counts its rows in the same snapshot: a repeatable-read
 * transaction exports its snapshot and pg_dump reads through it, so the counts describe the
 * dump exactly while the shop goes on writing.
 */
export async function dumpPostgres(url: string, file: string): Promise<DatabaseContents> {
  return withClient(url, async (client) => {
    await client.query("begin isolation level repeatable read read only");
    const { rows } = await client.query<{ snapshot: string }>(
      "select pg_export_snapshot() as snapshot",
    );
    const contents = await readContents(rowsOf(client));
    const connection = libpqConnection(url);
    await run(
      "pg_dump",
      [
        "--format=custom",
        `--snapshot=${rows[0]!.snapshot}`,
        `--file=${file}`,
        "--no-password",
        `--dbname=${connection.dbname}`,
      ],
      connection.env,
    );
    await client.query("commit");
    return contents;
  });
}

/** Rows in the shop's tables of the database at `url` (none when it has no tables). */
export function postgresRows(url: string): Promise<Record<string, number>> {
  return withClient(url, (client) => countShopRows(rowsOf(client)));
}

/**
 * Replaces the shop's schema at `url` with the dump's, in one transaction: the shop's tables,
 * types and functions are dropped and the dump restored, or, on any error, nothing changes.
 * Objects are owned by the user of `url` (the dump's owners and grants are not restored).
 */
export async function restorePostgres(url: string, dumpFile: string): Promise<DatabaseContents> {
  const connection = libpqConnection(url);
  // Every entry but the comment on the pg_trgm extension, which only its owner (a superuser
  // when the extension was there before the dump) may set, and which would stop the restore.
  const list = (await run("pg_restore", ["--list", dumpFile], {})).stdout
    .split("\n")
    .filter((line) => !/^\d+; \d+ \d+ COMMENT - EXTENSION /.test(line))
    .join("\n");
  const listFile = `${dumpFile}.list`;
  await fsp.writeFile(listFile, list);
  try {
    const script = spawnTool(
      "pg_restore",
      ["--no-owner", "--no-privileges", `--use-list=${listFile}`, "--file=-", dumpFile],
      {},
    );
    const psql = spawnTool(
      "psql",
      [
        "--no-psqlrc",
        "--quiet",
        "--no-password",
        "--single-transaction",
        "--set=ON_ERROR_STOP=1",
        `--dbname=${connection.dbname}`,
      ],
      connection.env,
      "pipe",
    );
    const input = Readable.from(
      (async function* () {
        yield Buffer.from(DROP_SHOP_SCHEMA);
        yield* script.child.stdout!;
      })(),
    );
    input.pipe(psql.child.stdin!);
    psql.child.stdin!.on("error", () => {}); // psql stopped early: its own error says why
    const [restored, applied] = await Promise.allSettled([script.done, psql.done]);
    if (applied.status === "rejected") throw applied.reason;
    if (restored.status === "rejected") throw restored.reason;
  } finally {
    await fsp.rm(listFile, { force: true });
  }
  return withClient(url, (client) => readContents(rowsOf(client)));
}

/**
 * Drops the shop's own objects (not the extensions, not the schema itself, whose owner may be
 * another user), so the dump restores into what looks like a new database.
 */
const DROP_SHOP_SCHEMA = `
DROP SCHEMA IF EXISTS drizzle CASCADE;
DO $drop$
DECLARE
  statements text[];
  statement text;
BEGIN
  SELECT coalesce(array_agg(s ORDER BY o, s), '{}') INTO statements FROM (
    SELECT 1 AS o, format('DROP %s IF EXISTS public.%I CASCADE',
      CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
        WHEN 'S' THEN 'SEQUENCE' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, c.relname) AS s
    FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d
        WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
    UNION ALL
    SELECT 2, format('DROP ROUTINE IF EXISTS public.%I(%s) CASCADE', p.proname,
      pg_get_function_identity_arguments(p.oid))
    FROM pg_proc p
    WHERE p.pronamespace = 'public'::regnamespace
      AND NOT EXISTS (SELECT 1 FROM pg_depend d
        WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
    UNION ALL
    SELECT 3, format('DROP %s IF EXISTS public.%I CASCADE',
      CASE t.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, t.typname)
    FROM pg_type t
    WHERE t.typnamespace = 'public'::regnamespace
      AND (t.typtype IN ('e', 'd', 'r')
        OR (t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c'))
      AND NOT EXISTS (SELECT 1 FROM pg_depend d
        WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e')
  ) shop_objects;
  FOREACH statement IN ARRAY statements LOOP
    EXECUTE statement;
  END LOOP;
END
$drop$;
`;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function rowsOf(client: pg.Client) {
  return async (text: string) => (await client.query(text)).rows as Record<string, unknown>[];
}

/**
 * DATABASE_URL as the PostgreSQL tools take it: the password moves to PGPASSWORD, so it is
 * never on a command line (which other users of the machine can list), and node-postgres's
 * `ssl=true` and `sslmode=no-verify` become libpq's `sslmode=require`.
 */
export function libpqConnection(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const env: Record<string, string> = {};
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  parsed.password = "";
  const ssl = parsed.searchParams.get("ssl");
  if (ssl !== null) {
    parsed.searchParams.delete("ssl");
    if ((ssl === "true" || ssl === "1") && !parsed.searchParams.has("sslmode")) {
      parsed.searchParams.set("sslmode", "require");
    }
  }
  // node-postgres's own sslmode: encrypted without checking the certificate.
  if (parsed.searchParams.get("sslmode") === "no-verify") {
    parsed.searchParams.set("sslmode", "require");
  }
  return { dbname: parsed.toString(), env };
}

const MISSING_TOOL =
  "is not installed: install Debian's postgresql-client (apt-get install postgresql-client), " +
  "of the server's PostgreSQL major version or newer";

/** Runs one of the PostgreSQL tools; throws with its own error text when it fails. */
async function run(tool: string, args: string[], env: Record<string, string>) {
  const started = spawnTool(tool, args, env);
  let stdout = "";
  started.child.stdout!.setEncoding("utf8").on("data", (text: string) => (stdout += text));
  await started.done;
  return { stdout };
}

function spawnTool(
  tool: string,
  args: string[],
  env: Record<string, string>,
  stdin: "ignore" | "pipe" = "ignore",
) {
  const child = spawn(tool, args, {
    env: { ...process.env, ...env },
    stdio: [stdin, stdin === "pipe" ? "ignore" : "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (text: string) => (stderr += text));
  const done = new Promise<void>((resolve, reject) => {
    child.once("error", (error: NodeJS.ErrnoException) => {
      reject(error.code === "ENOENT" ? new Error(`${tool} ${MISSING_TOOL}.`) : error);
    });
    child.once("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim() || "no message"}`));
    });
  });
  return { child, done };
}
