import { describe, expect, it } from "vitest";
import { libpqConnection } from "./backup-postgres.server";

describe("DATABASE_URL as pg_dump, pg_restore and psql take it", () => {
  it("moves the password to PGPASSWORD, off the command line", () => {
    const { dbname, env } = libpqConnection("postgres://shop:s%40cret@db.internal:5432/shop");
    expect(dbname).toBe("postgres://shop@db.internal:5432/shop");
    expect(env).toEqual({ PGPASSWORD: "s@cret" });
  });

  it("keeps a URL without a password as it is, and libpq's own parameters", () => {
    const url = "postgresql://postgres@127.0.0.1:5432/test?sslmode=verify-full&options=-c%20x%3D1";
    expect(libpqConnection(url)).toEqual({ dbname: url, env: {} });
  });

  it("turns node-postgres's ssl=true and sslmode=no-verify into libpq's sslmode=require", () => {
    expect(libpqConnection("postgres://a@h/db?ssl=true").dbname).toBe(
      "postgres://a@h/db?sslmode=require",
    );
    expect(libpqConnection("postgres://a@h/db?sslmode=no-verify").dbname).toBe(
      "postgres://a@h/db?sslmode=require",
    );
  });
});
