import { PreviewLink } from '@atelier/shared';
import { Button } from '@radix-ui/themes';
import { requestParsed } from '../api/client';
import { usePlatform } from '../platform-context';
import { useAction } from './use-action';

/**
 * Preview: asks the server for a signed link (an hour) to the saved item in the public layout, a draft or a
 * scheduled post included, and opens it in a new window (the desktop app: the browser).
 */
export function PreviewButton({
  entity,
  id,
  name,
  size = '3',
}: {
  /** The admin API's path of the entity: `projects`, `blog-posts`. */
  entity: 'projects' | 'blog-posts';
  id: string;
  name: string;
  size?: '1' | '3';
}) {
  const platform = usePlatform();
  const { busy, run } = useAction();
  const open = async () => {
    const link = await run(
      () =>
        requestParsed(platform, PreviewLink, `/api/admin/${entity}/${encodeURIComponent(id)}/preview`, {
          method: 'POST',
        }),
      { failure: 'Failed to open the preview' },
    );
    if (link) platform.openExternal(link.url);
  };
  return (
    <Button
      type="button"
      size={size}
      variant="soft"
      color="gray"
      loading={busy}
      onClick={open}
      aria-label={`Preview ${name}`}
    >
      Preview
    </Button>
  );
}
