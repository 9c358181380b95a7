import { isRequestFailure, type MediaFolder, type MediaItem } from '@atelier/shared';
import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { useState } from 'react';
import { messageOf } from '../../../lib/failure';
import { showToast } from '../../../lib/toasts';
import { useDeletedToast } from '../../api/trash';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { subtreeIds } from '../../ui/folder-tree';
import { useCreateFolder, useDeleteFolder, useDeleteMedia, useMoveMedia, useUpdateFolder } from './api';
import { FolderNameDialog, MoveDialog } from './folder-dialogs';
import { plural } from './upload-list';

/** The one dialog the library screen may have open. */
export type MediaDialog =
  | { kind: 'new-folder' }
  | { kind: 'rename-folder'; folder: MediaFolder }
  | { kind: 'move-folder'; folder: MediaFolder }
  | { kind: 'delete-folder'; folder: MediaFolder }
  | { kind: 'move-files'; ids: string[] }
  | { kind: 'delete-files'; items: MediaItem[] }
  | { kind: 'refused'; message: string; lead: string; places: string[] }
  | null;

/**
 * The library's dialogs and the writes they confirm: new, renamed, moved and deleted folders (a refusal
 * shown at the name, or as a toast), moved files, deleted files — and the server's refusal to delete a file
 * in use, listing the places that use it. They live as long as the screen, so a write's outcome is told
 * even when the folder it changed is gone from the tree.
 */
export function MediaDialogs({
  dialog,
  setDialog,
  tree,
  current,
  folderId,
  onMoved,
  onDeleted,
  onFolderDeleted,
}: {
  dialog: MediaDialog;
  setDialog(dialog: MediaDialog): void;
  tree: MediaFolder[];
  /** The open folder (its name titles New Folder)… */
  current: MediaFolder | null;
  /** …and where a new folder goes (null: the root). */
  folderId: string | null;
  /** Files were moved: the selection is done with. */
  onMoved(): void;
  /** Files were deleted: the selection and the open details are gone. */
  onDeleted(): void;
  /** The open folder was deleted: the screen goes to its parent. */
  onFolderDeleted(parentId: string | null): void;
}) {
  const [folderError, setFolderError] = useState<string>();
  const createFolder = useCreateFolder();
  const updateFolder = useUpdateFolder();
  const deleteFolder = useDeleteFolder();
  const move = useMoveMedia();
  const remove = useDeleteMedia();
  const deletedToast = useDeletedToast();
  const close = (open: boolean) => !open && setDialog(null);

  const folderRun = (write: Promise<unknown>, success: string) => {
    setFolderError(undefined);
    write
      .then(() => {
        setDialog(null);
        showToast(success, '');
      })
      .catch((error) => {
        if (isRequestFailure(error) && error.status < 500 && dialog?.kind !== 'move-folder')
          setFolderError(error.message);
        else showToast('Error', messageOf(error, 'The folder could not be changed'), 'destructive');
      });
  };

  const deleteFiles = (doomed: MediaItem[]) => {
    setDialog(null);
    remove.mutate(
      doomed.map((item) => item.id),
      {
        onSuccess: (result) => {
          onDeleted();
          const kept = result?.kept ?? [];
          const deleted = result?.deleted ?? doomed.length;
          const keptIds = new Set(kept.map((file) => file.id));
          if (deleted > 0)
            deletedToast(
              'Files deleted',
              doomed.length === 1 ? doomed[0]!.filename : `${plural(deleted, 'file')} deleted`,
              doomed.filter((item) => !keptIds.has(item.id)).map((item) => item.id),
            );
          if (kept.length > 0)
            setDialog({
              kind: 'refused',
              message: `${plural(kept.length, 'file')} kept: still in use`,
              lead: `${deleted > 0 ? `${plural(deleted, 'file')} deleted. ` : ''}Remove these from the places that use them, then delete them:`,
              places: kept.flatMap((file) => file.used_by.map((use) => `${file.filename}: used by ${use}`)),
            });
        },
        onError: (error) => {
          if (isRequestFailure(error) && error.status === 409)
            setDialog({
              kind: 'refused',
              message: error.message,
              lead: 'Remove it from these places first, then delete it:',
              places: error.issues.map((issue) => issue.message),
            });
          else showToast('Error', messageOf(error, 'Failed to delete image'), 'destructive');
        },
      },
    );
  };

  const moveFiles = (ids: string[], target: string | null) =>
    move.mutate(
      { ids, folderId: target },
      {
        onSuccess: () => {
          setDialog(null);
          onMoved();
          showToast('Files moved', `${plural(ids.length, 'file')} moved`);
        },
        onError: (error) => showToast('Error', messageOf(error, 'Failed to move the files'), 'destructive'),
      },
    );

  const removeFolder = (folder: MediaFolder) =>
    deleteFolder.mutate(folder.id, {
      onSuccess: () => {
        onFolderDeleted(folder.parent_id);
        showToast('Folder deleted', folder.name);
      },
      onError: (error) => showToast('Error', messageOf(error, 'Failed to delete the folder'), 'destructive'),
    });

  return (
    <>
      <FolderNameDialog
        open={dialog?.kind === 'new-folder'}
        title={current ? `New Folder in ${current.name}` : 'New Folder'}
        submitLabel="Create Folder"
        busy={createFolder.isPending}
        serverError={folderError}
        onOpenChange={close}
        onSubmit={(name) =>
          folderRun(createFolder.mutateAsync({ name, parent_id: folderId }), 'Folder created')
        }
      />
      <FolderNameDialog
        open={dialog?.kind === 'rename-folder'}
        title="Rename Folder"
        initial={dialog?.kind === 'rename-folder' ? dialog.folder.name : ''}
        submitLabel="Rename"
        busy={updateFolder.isPending}
        serverError={folderError}
        onOpenChange={close}
        onSubmit={(name) =>
          dialog?.kind === 'rename-folder' &&
          folderRun(updateFolder.mutateAsync({ id: dialog.folder.id, name }), 'Folder renamed')
        }
      />
      <MoveDialog
        open={dialog?.kind === 'move-folder'}
        title="Move Folder"
        tree={tree}
        exclude={dialog?.kind === 'move-folder' ? subtreeIds(dialog.folder) : undefined}
        busy={updateFolder.isPending}
        onOpenChange={close}
        onMove={(parentId) =>
          dialog?.kind === 'move-folder' &&
          folderRun(updateFolder.mutateAsync({ id: dialog.folder.id, parent_id: parentId }), 'Folder moved')
        }
      />
      <MoveDialog
        open={dialog?.kind === 'move-files'}
        title="Move Files"
        tree={tree}
        busy={move.isPending}
        onOpenChange={close}
        onMove={(target) => dialog?.kind === 'move-files' && moveFiles(dialog.ids, target)}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete-folder'}
        onOpenChange={close}
        title={dialog?.kind === 'delete-folder' ? `Delete the folder "${dialog.folder.name}"?` : ''}
        description="Only an empty folder can be deleted. This action cannot be undone."
        onConfirm={() => dialog?.kind === 'delete-folder' && removeFolder(dialog.folder)}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete-files'}
        onOpenChange={close}
        title={
          dialog?.kind === 'delete-files' && dialog.items.length > 1
            ? `Delete ${dialog.items.length} files?`
            : `Delete "${dialog?.kind === 'delete-files' ? dialog.items[0]?.filename : ''}"?`
        }
        description="This action cannot be undone. The file will be removed from the library and its address will stop working. A file still in use cannot be deleted."
        onConfirm={() => dialog?.kind === 'delete-files' && deleteFiles(dialog.items)}
      />
      <AlertDialog.Root open={dialog?.kind === 'refused'} onOpenChange={close}>
        <AlertDialog.Content maxWidth="480px">
          <AlertDialog.Title>{dialog?.kind === 'refused' ? dialog.message : ''}</AlertDialog.Title>
          <AlertDialog.Description size="2">
            {dialog?.kind === 'refused' ? dialog.lead : ''}
          </AlertDialog.Description>
          <ul className="media-used">
            {dialog?.kind === 'refused' && dialog.places.map((place) => <li key={place}>{place}</li>)}
          </ul>
          <Flex justify="end" mt="4">
            <AlertDialog.Cancel>
              <Button variant="soft" highContrast color="gray">
                OK
              </Button>
            </AlertDialog.Cancel>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </>
  );
}
