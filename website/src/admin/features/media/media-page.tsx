import {
  isRequestFailure,
  type MediaFolder,
  type MediaItem,
  PROJECT_IMAGES_FOLDER_ID,
} from '@atelier/shared';
import { AlertDialog, Button, Checkbox, Flex, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { messageOf } from '../../../lib/failure';
import { showToast } from '../../../lib/toasts';
import {
  useCreateFolder,
  useDeleteFolder,
  useDeleteMedia,
  useMediaFolders,
  useMediaList,
  useMoveMedia,
  useUpdateFolder,
} from '../../api/media';
import { useUploads } from '../../api/uploads';
import { usePlatform } from '../../platform-context';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { SearchField } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { useFollowServerPage, useListParams } from '../../ui/use-list-params';
import { DropZone } from './drop-zone';
import { FolderNameDialog, MoveDialog } from './folder-dialogs';
import { flatten, pathTo, subtreeIds } from './folder-tree';
import { HeroVideos } from './hero-videos';
import { MediaDetails } from './media-details';
import { FolderIcon, MediaTile } from './media-tile';
import { UploadList } from './upload-list';
import './media.css';
import { useErrorToast } from '../../ui/use-error-toast';

/** The virtual folder of the root that lists the hero videos (the videos entity, not files). */
const VIDEOS = 'hero-videos';
const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

type Dialog =
  | { kind: 'new-folder' }
  | { kind: 'rename-folder'; folder: MediaFolder }
  | { kind: 'move-folder'; folder: MediaFolder }
  | { kind: 'move-files'; ids: string[] }
  | { kind: 'delete-files'; items: MediaItem[] }
  | { kind: 'refused'; message: string; places: string[] }
  | null;

/**
 * /admin/media: the server's media library. Folders (Hero Videos and Project Images at the root), a drop zone
 * for files and whole folders, each upload's progress, search, 15 previews a page, details, and several files
 * moved or deleted at once.
 */
export function MediaPage() {
  const platform = usePlatform();
  const params = useListParams(['folder'] as const);
  const folderParam = params.filters.folder || null;
  const inVideos = folderParam === VIDEOS;
  const folderId = inVideos ? null : folderParam;
  const searching = params.q !== '';
  const folders = useMediaFolders();
  const tree = folders.data ?? [];
  const trail = pathTo(tree, folderId);
  const current = trail.at(-1) ?? null;
  const list = useMediaList({ folderId, all: searching, q: params.q, page: params.page });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [details, setDetails] = useState<MediaItem | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [folderError, setFolderError] = useState<string>();
  const createFolder = useCreateFolder();
  const updateFolder = useUpdateFolder();
  const deleteFolder = useDeleteFolder();
  const move = useMoveMedia();
  const remove = useDeleteMedia();

  // A finished batch says how it went (spec §8 "Files uploaded").
  const uploads = useUploads(({ stored, deduplicated, failed }) => {
    if (failed) showToast('Upload Error', `${plural(failed, 'file')} could not be uploaded`, 'destructive');
    else if (stored || deduplicated)
      showToast(
        'Files uploaded',
        [
          stored && `${plural(stored, 'file')} uploaded`,
          deduplicated && `${plural(deduplicated, 'file')} already in the library`,
        ]
          .filter(Boolean)
          .join(', '),
      );
  });

  useEffect(() => setSelected(new Set()), [folderParam, params.q, params.page]);
  useErrorToast(list.error, 'Failed to load media');
  useFollowServerPage(list, params.page, params.setPage);
  // The open details follow the list (alt text saved, file moved).
  useEffect(() => {
    if (!details) return;
    const fresh = list.data?.items.find((item) => item.id === details.id);
    if (fresh && fresh !== details) setDetails(fresh);
  }, [list.data, details]);

  const openFolder = (id: string | null) => params.set({ folder: id ?? '', q: '' });
  const items = list.data?.items ?? [];
  const subfolders = searching || inVideos ? [] : current ? current.children : tree;

  const chooseFiles = async (directory: boolean) => {
    const files = await platform.pickFiles({
      multiple: true,
      directory,
      accept: directory
        ? undefined
        : ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'],
    });
    if (files.length) uploads.add(files, folderId);
  };

  const deleteFiles = (doomed: MediaItem[]) => {
    setDialog(null);
    remove.mutate(
      doomed.map((item) => item.id),
      {
        onSuccess: () => {
          setDetails(null);
          setSelected(new Set());
          showToast(
            'Files deleted',
            doomed.length === 1 ? doomed[0]!.filename : `${doomed.length} files deleted`,
          );
        },
        onError: (error) => {
          if (isRequestFailure(error) && error.status === 409)
            setDialog({
              kind: 'refused',
              message: error.message,
              places: error.issues.map((issue) => issue.message),
            });
          else showToast('Error', messageOf(error, 'Failed to delete image'), 'destructive');
        },
      },
    );
  };

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

  const fixed = current?.id === PROJECT_IMAGES_FOLDER_ID;
  const headerActions = (
    <Button variant="soft" highContrast onClick={() => setDialog({ kind: 'new-folder' })} disabled={inVideos}>
      New Folder
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Media Library"
        lead="Every image and document of the website, in folders."
        actions={headerActions}
      />
      <div className="media-layout">
        <nav aria-label="Folders" className="media-folders">
          <ul>
            <li>
              <button
                type="button"
                aria-current={!folderParam ? 'page' : undefined}
                onClick={() => openFolder(null)}
              >
                <FolderIcon /> All Files
              </button>
            </li>
            <li>
              <button
                type="button"
                aria-current={inVideos ? 'page' : undefined}
                onClick={() => openFolder(VIDEOS)}
              >
                <FolderIcon /> Hero Videos
              </button>
            </li>
            {flatten(tree).map(({ folder, depth }) => (
              <li key={folder.id} style={{ paddingInlineStart: `${depth * 0.9}rem` }}>
                <button
                  type="button"
                  aria-current={folderId === folder.id ? 'page' : undefined}
                  onClick={() => openFolder(folder.id)}
                >
                  <FolderIcon /> {folder.name}
                  <Text size="1" color="gray">
                    {folder.file_count}
                  </Text>
                </button>
              </li>
            ))}
          </ul>
        </nav>

        <Flex direction="column" gap="4" minWidth="0">
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <nav aria-label="Breadcrumb" className="media-crumbs">
              <ol>
                <li>
                  <button type="button" onClick={() => openFolder(null)}>
                    All Files
                  </button>
                </li>
                {inVideos && <li aria-current="page">Hero Videos</li>}
                {trail.map((folder, index) =>
                  index === trail.length - 1 ? (
                    <li key={folder.id} aria-current="page">
                      {folder.name}
                    </li>
                  ) : (
                    <li key={folder.id}>
                      <button type="button" onClick={() => openFolder(folder.id)}>
                        {folder.name}
                      </button>
                    </li>
                  ),
                )}
              </ol>
            </nav>
            {(folderParam || searching) && (
              <Button variant="soft" highContrast color="gray" onClick={() => openFolder(null)}>
                Back to All Files
              </Button>
            )}
          </Flex>
          <Flex gap="3" wrap="wrap" align="center">
            <SearchField
              label={inVideos ? 'Search videos' : 'Search files'}
              value={params.q}
              onSearch={params.setQ}
            />
            {current && !fixed && (
              <Flex gap="2">
                <Button
                  variant="soft"
                  highContrast
                  color="gray"
                  onClick={() => setDialog({ kind: 'rename-folder', folder: current })}
                >
                  Rename Folder
                </Button>
                <Button
                  variant="soft"
                  highContrast
                  color="gray"
                  onClick={() => setDialog({ kind: 'move-folder', folder: current })}
                >
                  Move Folder
                </Button>
                <ConfirmDialog
                  trigger={
                    <Button variant="soft" highContrast color="red">
                      Delete Folder
                    </Button>
                  }
                  title={`Delete the folder "${current.name}"?`}
                  description="Only an empty folder can be deleted. This action cannot be undone."
                  onConfirm={() =>
                    deleteFolder.mutate(current.id, {
                      onSuccess: () => {
                        openFolder(current.parent_id);
                        showToast('Folder deleted', current.name);
                      },
                      onError: (error) =>
                        showToast('Error', messageOf(error, 'Failed to delete the folder'), 'destructive'),
                    })
                  }
                />
              </Flex>
            )}
          </Flex>

          {inVideos ? (
            <HeroVideos q={params.q} />
          ) : (
            <>
              <DropZone
                onFiles={(files) => uploads.add(files, folderId)}
                onChooseFiles={() => void chooseFiles(false)}
                onChooseFolder={() => void chooseFiles(true)}
              />
              <UploadList
                tasks={uploads.tasks}
                totals={uploads.totals}
                onPause={uploads.pause}
                onResume={uploads.resume}
                onCancel={uploads.cancel}
                onRetry={uploads.retry}
                onClear={uploads.clearFinished}
              />
              {selected.size > 0 && (
                <Flex asChild align="center" justify="between" gap="3" className="media-bulk" p="2" px="3">
                  <section aria-label="Selected files">
                    <Text size="2" weight="medium">
                      {selected.size} selected
                    </Text>
                    <Flex gap="2">
                      <Button
                        size="1"
                        variant="soft"
                        highContrast
                        color="gray"
                        onClick={() => setSelected(new Set())}
                      >
                        Clear Selection
                      </Button>
                      <Button
                        size="1"
                        variant="soft"
                        highContrast
                        onClick={() => setDialog({ kind: 'move-files', ids: [...selected] })}
                      >
                        Move Selected
                      </Button>
                      <Button
                        size="1"
                        variant="soft"
                        highContrast
                        color="red"
                        onClick={() =>
                          setDialog({
                            kind: 'delete-files',
                            items: items.filter((item) => selected.has(item.id)),
                          })
                        }
                      >
                        Delete Selected
                      </Button>
                    </Flex>
                  </section>
                </Flex>
              )}
              {items.length > 0 && (
                <Text as="label" size="2">
                  <Flex gap="2" align="center">
                    <Checkbox
                      checked={
                        items.every((item) => selected.has(item.id))
                          ? true
                          : selected.size
                            ? 'indeterminate'
                            : false
                      }
                      onCheckedChange={(checked) =>
                        setSelected(new Set(checked === true ? items.map((item) => item.id) : []))
                      }
                    />
                    Select all files on this page
                  </Flex>
                </Text>
              )}
              <ul className="media-grid" aria-label={searching ? 'Search results' : 'Files'}>
                {!searching && !folderParam && (
                  <li className="media-tile media-tile--folder">
                    <button type="button" className="media-tile__open" onClick={() => openFolder(VIDEOS)}>
                      <FolderIcon size={36} />
                      <Text size="2">Hero Videos</Text>
                    </button>
                  </li>
                )}
                {subfolders.map((folder) => (
                  <li key={folder.id} className="media-tile media-tile--folder">
                    <button type="button" className="media-tile__open" onClick={() => openFolder(folder.id)}>
                      <FolderIcon size={36} />
                      <Text size="2">{folder.name}</Text>
                    </button>
                  </li>
                ))}
                {items.map((item) => (
                  <MediaTile
                    key={item.id}
                    item={item}
                    selected={selected.has(item.id)}
                    onSelect={(on) =>
                      setSelected((before) => {
                        const next = new Set(before);
                        if (on) next.add(item.id);
                        else next.delete(item.id);
                        return next;
                      })
                    }
                    onOpen={() => setDetails(item)}
                  />
                ))}
              </ul>
              {list.isSuccess && items.length === 0 && subfolders.length === 0 && (
                <EmptyState
                  message={
                    searching
                      ? 'No files match your search.'
                      : 'This folder is empty. Drop files above to upload them.'
                  }
                />
              )}
              {list.data && (
                <Pager
                  page={list.data.page}
                  pageSize={list.data.pageSize}
                  total={list.data.total}
                  onPage={params.setPage}
                  label="Media pages"
                />
              )}
            </>
          )}
        </Flex>
      </div>

      <MediaDetails
        item={details}
        onOpenChange={(open) => !open && setDetails(null)}
        onMove={(item) => setDialog({ kind: 'move-files', ids: [item.id] })}
        onDelete={(item) => setDialog({ kind: 'delete-files', items: [item] })}
      />
      <FolderNameDialog
        open={dialog?.kind === 'new-folder'}
        title={current ? `New Folder in ${current.name}` : 'New Folder'}
        submitLabel="Create Folder"
        busy={createFolder.isPending}
        serverError={folderError}
        onOpenChange={(open) => !open && setDialog(null)}
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
        onOpenChange={(open) => !open && setDialog(null)}
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
        onOpenChange={(open) => !open && setDialog(null)}
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
        onOpenChange={(open) => !open && setDialog(null)}
        onMove={(target) => {
          if (dialog?.kind !== 'move-files') return;
          const count = dialog.ids.length;
          move.mutate(
            { ids: dialog.ids, folderId: target },
            {
              onSuccess: () => {
                setDialog(null);
                setSelected(new Set());
                showToast('Files moved', `${count} file${count === 1 ? '' : 's'} moved`);
              },
              onError: (error) =>
                showToast('Error', messageOf(error, 'Failed to move the files'), 'destructive'),
            },
          );
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete-files'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={
          dialog?.kind === 'delete-files' && dialog.items.length > 1
            ? `Delete ${dialog.items.length} files?`
            : 'Delete this file?'
        }
        description="This action cannot be undone. The file will be removed from the library and its address will stop working. A file still in use cannot be deleted."
        onConfirm={() => dialog?.kind === 'delete-files' && deleteFiles(dialog.items)}
      />
      <AlertDialog.Root open={dialog?.kind === 'refused'} onOpenChange={(open) => !open && setDialog(null)}>
        <AlertDialog.Content maxWidth="480px">
          <AlertDialog.Title>{dialog?.kind === 'refused' ? dialog.message : ''}</AlertDialog.Title>
          <AlertDialog.Description size="2">
            Remove it from these places first, then delete it:
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
