import { Button, Flex, Progress, Text } from '@radix-ui/themes';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import type { UploadOptions } from '../platform';
import { usePlatform } from '../platform-context';
import { MediaPicker } from './media-picker';
import { useImageUpload } from './use-image-upload';

interface ImageFieldProps {
  /** What the image is ("Featured image"): the preview's alt text and the buttons' names. */
  label: string;
  bucket: UploadOptions['bucket'];
  accept?: string[];
  hint?: string;
  required?: boolean;
  error?: string;
  /** A class for the preview beside admin-preview (a logo is shown whole, on its background). */
  previewClass?: string;
}

/** A form's image field (a URL or null), bound to react-hook-form's `name`. */
export function ImageField<V extends FieldValues>({
  control,
  name,
  ...props
}: ImageFieldProps & { control: Control<V>; name: Path<V> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <ImagePicker {...props} value={field.value} onChange={field.onChange} />}
    />
  );
}

/** One image: its preview, Upload (through the platform), Choose from Library, Remove. */
function ImagePicker({
  label,
  value,
  onChange,
  bucket,
  accept,
  hint,
  required,
  error,
  previewClass,
}: ImageFieldProps & { value: string | null | undefined; onChange(url: string | null): void }) {
  const platform = usePlatform();
  const upload = useImageUpload(bucket, accept);
  return (
    <Flex direction="column" gap="2" role="group" aria-label={label}>
      <Text as="div" size="2" weight="medium">
        {label}
        {required && (
          <Text color="red" aria-hidden="true">
            {' '}
            *
          </Text>
        )}
      </Text>
      {value ? (
        <img
          src={platform.mediaUrl(value)}
          alt={`${label} preview`}
          className={previewClass ? `admin-preview ${previewClass}` : 'admin-preview'}
        />
      ) : (
        <Flex align="center" justify="center" className="admin-preview admin-preview--empty">
          <Text size="2" color="gray">
            No image
          </Text>
        </Flex>
      )}
      {upload.uploading && <Progress value={upload.progress ?? 0} aria-label={`Uploading ${label}`} />}
      <Flex gap="2" wrap="wrap">
        <Button
          type="button"
          variant="soft"
          loading={upload.uploading}
          onClick={async () => {
            const [url] = await upload.pickAndUpload();
            if (url) onChange(url);
          }}
        >
          {value ? 'Replace Image' : 'Upload Image'}
        </Button>
        <MediaPicker onPick={([url]) => url && onChange(url)} />
        {value && (
          <Button type="button" variant="soft" color="red" onClick={() => onChange(null)}>
            Remove Image
          </Button>
        )}
      </Flex>
      {hint && (
        <Text size="1" color="gray">
          {hint}
        </Text>
      )}
      {error && (
        <Text size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  );
}
