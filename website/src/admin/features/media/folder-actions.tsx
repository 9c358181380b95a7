import type { MediaFolder } from '@atelier/shared';
import { Button, Flex } from '@radix-ui/themes';
import { messageOf } from '../../../lib/failure';
import { showToast } from '../../../lib/toasts';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useDeleteFolder } from './api';
import type { MediaDialog } from './media-dialogs';

/** What can be done to the open folder: rename, move, delete (only an empty one: the server says so). */
export function FolderActions({
  folder,
  onDialog,
  onDeleted,
}: {
  folder: MediaFolder;
  onDialog(dialog: MediaDialog): void;
  /** The folder is gone: the screen goes to its parent. */
  onDeleted(parentId: string | null): void;
}) {
  const deleteFolder = useDeleteFolder();
  return (
    <Flex gap="2">
      <Button
        variant="soft"
        highContrast
        color="gray"
        onClick={() => onDialog({ kind: 'rename-folder', folder })}
      >
        Rename Folder
      </Button>
      <Button
        variant="soft"
        highContrast
        color="gray"
        onClick={() => onDialog({ kind: 'move-folder', folder })}
      >
        Move Folder
      </Button>
      <ConfirmDialog
        trigger={
          <Button variant="soft" highContrast color="red">
            Delete Folder
          </Button>
        }
        title={`Delete the folder "${folder.name}"?`}
        description="Only an empty folder can be deleted. This action cannot be undone."
        onConfirm={() =>
          deleteFolder.mutate(folder.id, {
            onSuccess: () => {
              onDeleted(folder.parent_id);
              showToast('Folder deleted', folder.name);
            },
            onError: (error) =>
              showToast('Error', messageOf(error, 'Failed to delete the folder'), 'destructive'),
          })
        }
      />
    </Flex>
  );
}
