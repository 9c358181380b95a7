import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { S3Location } from '../env';
import { checkName, type ObjectInfo, type Storage, type StorageArea, typeOfName, written } from './local';

const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.$metadata?.httpStatusCode === 404 || e.name === 'NoSuchKey' || e.name === 'NotFound';
};

/**
 * The store in the bucket of `STORAGE_URL=s3://<bucket>?endpoint=<url>&region=<region>` (env.ts), keyed as the
 * local layout: `<area>/<name>` (`projects/<name>`, `variants/projects/…`). The SDK is loaded only here, so a
 * server on the local disk never loads it.
 */
export async function s3Storage(location: S3Location): Promise<Storage> {
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    HeadObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
  } = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  // Credentials come from the usual AWS variables (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY) or profile.
  const client = new S3Client({
    region: location.region,
    ...(location.endpoint ? { endpoint: location.endpoint, forcePathStyle: true } : {}),
    // Since 3.729 the SDK adds CRC checksums to every request, which many S3-compatible stores refuse.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = location.bucket;
  const key = (area: StorageArea, name: string) => `${area}/${checkName(name)}`;
  const info = (
    head: { ContentLength?: number; ETag?: string; LastModified?: Date; ContentRange?: string },
    name: string,
  ): ObjectInfo => ({
    // A ranged read's ContentLength is the range's; the whole object's size ends its Content-Range.
    size: Number(head.ContentRange?.split('/')[1] ?? head.ContentLength ?? 0),
    type: typeOfName(name),
    etag: head.ETag ?? `"${head.LastModified?.getTime() ?? 0}"`,
    modified: head.LastModified ?? new Date(0),
  });
  const storage: Storage = {
    async put(area, name, bytes) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: key(area, name), Body: bytes, ContentType: typeOfName(name) }),
      );
      return { ...written(area, name), hash: createHash('sha256').update(bytes).digest('hex') };
    },
    async putStream(area, name, source) {
      // Multipart above 5 MB, one PutObject below: the stream is never held whole in memory.
      await new Upload({
        client,
        params: { Bucket, Key: key(area, name), Body: source, ContentType: typeOfName(name) },
      }).done();
      return written(area, name);
    },
    async get(area, name, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key(area, name),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return { ...info(answer, name), body: answer.Body as Readable, ...(range ? { range } : {}) };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async getBytes(area, name) {
      const object = await storage.get(area, name);
      return object && buffer(object.body);
    },
    async stat(area, name) {
      try {
        return info(await client.send(new HeadObjectCommand({ Bucket, Key: key(area, name) })), name);
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async list(area, prefix) {
      const names: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${area}/${prefix}`, ContinuationToken }),
        );
        for (const object of page.Contents ?? [])
          if (object.Key) names.push(object.Key.slice(area.length + 1));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return names;
    },
    async remove(area, name) {
      // S3 answers a delete of a missing key as a success: whether there was one is asked first.
      if (!(await storage.stat(area, name))) return false;
      await client.send(new DeleteObjectCommand({ Bucket, Key: key(area, name) }));
      return true;
    },
  };
  return storage;
}
