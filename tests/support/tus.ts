import * as tus from 'tus-js-client';

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
