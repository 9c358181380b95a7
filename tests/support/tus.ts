import path from 'node:path';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import { expect } from 'vitest';
import type { TestServer } from './server';

export interface UploadOutcome {
  status: number;
  body: any;
  upload: tus.Upload;
}

/**
 * Uploads `bytes` to the media library with tus-js-client (as the browser and the desktop do) and resolves
 * with the last answer: 200 and `{ item, deduplicated }`, or the refusal's status and error JSON.
 */
export function tusUpload(
  origin: string,
  token: string,
  bytes: Buffer,
  metadata: Record<string, string>,
  options: Partial<tus.UploadOptions> = {},
): Promise<UploadOutcome> {
  return new Promise((resolve, reject) => {
    const upload: tus.Upload = new tus.Upload(bytes, {
      endpoint: `${origin}/api/admin/uploads`,
      headers: { authorization: `Bearer ${token}` },
      metadata,
      retryDelays: null,
      onSuccess: ({ lastResponse }) =>
        resolve({ status: lastResponse.getStatus(), body: JSON.parse(lastResponse.getBody()), upload }),
      onError: (error) => {
        const res = (error as tus.DetailedError).originalResponse;
        if (res) resolve({ status: res.getStatus(), body: JSON.parse(res.getBody() || 'null'), upload });
        else reject(error);
      },
      ...options,
    });
    upload.start();
  });
}

let shade = 0;
/**
 * A small photograph (each call's of another colour: other bytes) uploaded to the library as the admin panel
 * does: its URL, its media id and its stored file on disk.
 */
export async function uploadPhoto(server: TestServer, token: string, name: string) {
  shade += 23;
  const bytes = await sharp({
    create: { width: 32, height: 24, channels: 3, background: { r: shade % 256, g: 90, b: 140 } },
  })
    .png()
    .toBuffer();
  const { status, body } = await tusUpload(server.url, token, bytes, { filename: `${name}.png` });
  expect(status).toBe(200);
  const url: string = body.item.url;
  return {
    url,
    id: body.item.id as string,
    file: path.join(server.dataDir, 'uploads', url.slice('/media/'.length)),
  };
}
