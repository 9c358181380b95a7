import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface TestS3 {
  /** For STORAGE_URL. */
  url: string;
  bucket: string;
  endpoint: string;
  /** s3rver's folder: a bucket is its subfolder. */
  directory: string;
  /** Every key in the bucket, sorted. */
  keys(prefix?: string): Promise<string[]>;
  stop(): Promise<void>;
}

/** STORAGE_URL for `bucket` on the S3-compatible server at `endpoint`. */
export const bucketUrl = (bucket: string, endpoint: string) =>
  `s3://${bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1`;

/**
 * A real S3-compatible server (s3rver: objects, ranges, listing and multipart create/part/complete; no
 * ListParts or AbortMultipartUpload) on a free loopback port, keeping its objects in a temp folder, with one
 * empty bucket. The server under test signs with s3rver's own keys, from the usual AWS variables.
 */
export async function startS3(bucket = 'atelier-media'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-s3-'));
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await s3rver.run();
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    url: bucketUrl(bucket, endpoint),
    bucket,
    endpoint,
    directory,
    async keys(prefix = '') {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }),
        );
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    async stop() {
      client.destroy();
      await s3rver.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
