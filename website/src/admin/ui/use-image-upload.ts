import { useState } from 'react';
import { messageOf } from '../../lib/failure';
import { showToast } from '../../lib/toasts';
import type { UploadOptions } from '../platform';
import { usePlatform } from '../platform-context';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/**
 * Picks image files and uploads them through the platform (tus), with the progress of the current one.
 * Resolves to the stored files' URLs; a refused file shows "Upload Error" with the reason.
 */
export function useImageUpload(bucket: UploadOptions['bucket'], accept: string[] = IMAGE_TYPES) {
  const platform = usePlatform();
  const [progress, setProgress] = useState<number | null>(null);

  const pickAndUpload = async (multiple = false): Promise<string[]> => {
    const files = await platform.pickFiles({ accept, multiple });
    const urls: string[] = [];
    for (const file of files) {
      if (file.type && !accept.includes(file.type)) {
        showToast('Upload Error', `${file.name}: this type of file is not accepted here.`, 'destructive');
        continue;
      }
      setProgress(0);
      try {
        const { promise } = platform.upload(file, {
          bucket,
          onProgress: (sent, total) => setProgress(total ? Math.round((sent / total) * 100) : 0),
        });
        urls.push((await promise).item.url);
      } catch (error) {
        showToast('Upload Error', messageOf(error, 'Failed to upload image'), 'destructive');
      } finally {
        setProgress(null);
      }
    }
    return urls;
  };

  return { pickAndUpload, progress, uploading: progress !== null };
}
