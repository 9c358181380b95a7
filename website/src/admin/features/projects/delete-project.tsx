import type { AdminProjectRow, ProjectDeleteQuery } from '@atelier/shared';
import { Button, Checkbox, Flex, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useOwnPhotos } from './api';

const DELETE_TEXT =
  'This action cannot be undone. This will permanently delete this project and all associated data.';

/**
 * A project's Delete: the confirmation names it and offers to delete, with it, its photographs that nothing
 * else uses (checked; unchecked, they stay in the media library).
 */
export function DeleteProjectButton({
  project,
  busy,
  onDelete,
}: {
  project: Pick<AdminProjectRow, 'id' | 'title'>;
  busy?: boolean;
  onDelete(photos: ProjectDeleteQuery['photos']): void;
}) {
  const [open, setOpen] = useState(false);
  const [withPhotos, setWithPhotos] = useState(true);
  const own = useOwnPhotos(project.id, open).data?.only_here ?? 0;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="1" variant="soft" color="red" aria-label={`Delete ${project.title}`} disabled={busy}>
          Delete
        </Button>
      }
      title={`Delete “${project.title}”?`}
      description={DELETE_TEXT}
      onConfirm={() => onDelete(own > 0 && withPhotos ? 'delete' : 'keep')}
    >
      {own > 0 && (
        <Text as="label" size="2" mt="3">
          <Flex gap="2" align="center">
            <Checkbox checked={withPhotos} onCheckedChange={(on) => setWithPhotos(on === true)} />
            {`Also delete its ${own === 1 ? 'photograph' : `${own} photographs`} that nothing else uses`}
          </Flex>
        </Text>
      )}
    </ConfirmDialog>
  );
}
