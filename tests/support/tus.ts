import path from 'node:path';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
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

/** A plain PNG of one colour, `seed` choosing it (each seed below 2²⁴ another colour, so other bytes). */
export const solidPng = (seed: number, width = 60, height = 40) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: seed % 256, g: Math.floor(seed / 256) % 256, b: Math.floor(seed / 65536) % 256 },
    },
  })
    .png()
    .toBuffer();

/** Uploads a solid PNG as `token`'s user and answers the library item (the upload must succeed). */
export async function uploadSolidPng(
  origin: string,
  token: string,
  filename: string,
  { seed = Math.floor(Math.random() * 2 ** 24), width = 60, height = 40 } = {},
) {
  const { status, body } = await tusUpload(origin, token, await solidPng(seed, width, height), { filename });
  if (status !== 200) throw new Error(`Upload of ${filename} answered ${status}: ${JSON.stringify(body)}`);
  return body.item as { id: string; url: string; alt_text: string; decorative: boolean };
}

/**
 * A small photograph (each call's of another colour: other bytes) uploaded to the library as the admin panel
 * does: its URL, its media id and its stored file on disk.
 */
export async function uploadPhoto(server: TestServer, token: string, name: string) {
  const { url, id } = await uploadSolidPng(server.url, token, `${name}.png`, { width: 32, height: 24 });
  return { url, id, file: path.join(server.dataDir, 'uploads', url.slice('/media/'.length)) };
}
