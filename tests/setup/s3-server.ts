import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** s3rver's own key pair: it checks each request's signature with it, as S3 does. */
const KEYS = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" };

export type LocalS3 = {
  /** The server's address (S3_ENDPOINT). */
  endpoint: string;
  /** What a shop needs to keep its media in `bucket` under `prefix`. */
  env(prefix?: string): Record<string, string>;
  close(): Promise<void>;
};

/**
 * A real S3-compatible server (s3rver, from npm) on a free loopback port, keeping its objects
 * in a folder of its own: the tests talk to it through the AWS SDK exactly as the shop talks to
 * S3, R2 or MinIO.
 */
export async function startLocalS3(bucket: string): Promise<LocalS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "bed-shop-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: (prefix = "") => ({
      MEDIA_STORE: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      ...KEYS,
    }),
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
