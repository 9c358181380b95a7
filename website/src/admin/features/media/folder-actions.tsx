import type { MediaFolder } from '@atelier/shared';
import { Button, Flex } from '@radix-ui/themes';
import type { MediaDialog } from './media-dialogs';

/** What can be done to the open folder: rename, move, delete (each asked in its dialog). */
export function FolderActions({
  folder,
  onDialog,
}: {
  folder: MediaFolder;
  onDialog(dialog: MediaDialog): void;
}) {
  const action = (label: string, dialog: MediaDialog, color: 'gray' | 'red' = 'gray') => (
    <Button variant="soft" highContrast color={color} onClick={() => onDialog(dialog)}>
      {label}
    </Button>
  );
  return (
    <Flex gap="2">
      {action('Rename Folder', { kind: 'rename-folder', folder })}
      {action('Move Folder', { kind: 'move-folder', folder })}
      {action('Delete Folder', { kind: 'delete-folder', folder }, 'red')}
    </Flex>
  );
}
