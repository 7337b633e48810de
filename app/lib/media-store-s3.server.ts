import type { Readable } from "node:stream";
import type * as S3Sdk from "@aws-sdk/client-s3";
import type { S3Client } from "@aws-sdk/client-s3";
import {
  assertMediaFileName,
  MEDIA_CACHE_CONTROL,
  type MediaHead,
  type MediaListing,
  type MediaObject,
  type MediaStore,
} from "./media-store.server";

export type S3Location = {
  bucket: string;
  /** Put before every file's name, without slashes at either end; "" for none. */
  prefix: string;
  /** An S3-compatible service's address (R2, MinIO, a local server); unset for AWS S3. */
  endpoint?: string;
  region: string;
};

type Sdk = typeof S3Sdk;

const stores = new Map<string, MediaStore>();

/**
 * The media in S3-compatible object storage (AWS S3, Cloudflare R2, MinIO) through the official
 * SDK, shared by every machine. Credentials come the SDK's usual way (AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, a profile or the machine's role), never through the shop's own code.
 * One client per process and location.
 */
export function s3MediaStore(location: S3Location): MediaStore {
  const id = JSON.stringify(location);
  let store = stores.get(id);
  if (!store) stores.set(id, (store = createS3Store(location)));
  return store;
}

function createS3Store(location: S3Location): MediaStore {
  // The SDK is loaded only by a shop that uses object storage.
  let connected: Promise<{ sdk: Sdk; s3: S3Client }> | undefined;
  const connect = () =>
    (connected ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: location.region,
        endpoint: location.endpoint,
        // A local server or MinIO has no bucket subdomains; R2 takes either form.
        forcePathStyle: location.endpoint !== undefined,
        // On AWS S3 itself, a bucket in another region than S3_REGION is still found.
        followRegionRedirects: location.endpoint === undefined,
        // Checksums only where S3 requires them: the SDK's default adds them to every upload,
        // which not every S3-compatible service understands.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
      }),
    })));
  const Bucket = location.bucket;
  const keyOf = (name: string) => {
    assertMediaFileName(name);
    return location.prefix ? `${location.prefix}/${name}` : name;
  };

  return {
    location: `s3://${location.bucket}/${location.prefix}`,
    async put(name, body, contentType) {
      const { sdk, s3 } = await connect();
      await s3.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: keyOf(name),
          Body: body,
          ContentLength: body.length,
          ContentType: contentType,
          // A CDN in front of the bucket (MEDIA_PUBLIC_URL) sends what the object says.
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      );
    },
    async head(name): Promise<MediaHead | null> {
      const { sdk, s3 } = await connect();
      try {
        const found = await s3.send(new sdk.HeadObjectCommand({ Bucket, Key: keyOf(name) }));
        return headOf(found);
      } catch (error) {
        return missingAsNull(error);
      }
    },
    async get(name): Promise<MediaObject | null> {
      const { sdk, s3 } = await connect();
      try {
        const found = await s3.send(new sdk.GetObjectCommand({ Bucket, Key: keyOf(name) }));
        return { ...headOf(found), body: found.Body as Readable };
      } catch (error) {
        return missingAsNull(error);
      }
    },
    async delete(name) {
      const { sdk, s3 } = await connect();
      // S3 answers a delete of a key it does not hold as done.
      await s3.send(new sdk.DeleteObjectCommand({ Bucket, Key: keyOf(name) }));
    },
    async *list(folder): AsyncIterable<MediaListing> {
      const { sdk, s3 } = await connect();
      const Prefix = `${keyOf(folder)}/`;
      const strip = location.prefix ? location.prefix.length + 1 : 0;
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          // A file that cannot be dated is never taken for an old one.
          if (!object.Key || !object.LastModified) continue;
          yield { name: object.Key.slice(strip), lastModified: object.LastModified };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

function headOf(answer: {
  ContentType?: string;
  ContentLength?: number;
  ETag?: string;
  LastModified?: Date;
}): MediaHead {
  return {
    contentType: answer.ContentType ?? "application/octet-stream",
    contentLength: answer.ContentLength ?? 0,
    etag: answer.ETag,
    lastModified: answer.LastModified,
  };
}

function missingAsNull(error: unknown): null {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status === 404) return null;
  throw error;
}
