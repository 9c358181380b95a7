import { type MediaItem, PROJECT_IMAGES_FOLDER_ID } from '@atelier/shared';
import { Button, Flex } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMediaFolders, useMediaList } from '../../api/media-library';
import { useAdminSession, useCan, usePlatform } from '../../platform-context';
import { SearchField } from '../../ui/data-table';
import { FolderNav } from '../../ui/folder-nav';
import { pathTo } from '../../ui/folder-tree';
import { PageHeader } from '../../ui/page-header';
import { useErrorToast } from '../../ui/use-error-toast';
import { useFollowServerPage, useListParams } from '../../ui/use-list-params';
import { DropZone } from './drop-zone';
import { FolderActions } from './folder-actions';
import { Breadcrumb, type Place, VIDEOS } from './folder-nav';
import { HeroVideos } from './hero-videos';
import { MediaDetails } from './media-details';
import { type MediaDialog, MediaDialogs } from './media-dialogs';
import { MediaGrid, SelectionBar } from './media-grid';
import { showBatchSummary, UploadList } from './upload-list';
import { useUploads } from './upload-queue';
import './media.css';

const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'];

/**
 * /admin/media: the server's media library. Folders (Hero Videos and Project Images at the root), a drop zone
 * for files and whole folders, each upload's progress, search, 15 previews a page, details, and several files
 * moved or deleted at once. Where you are is in the URL (?folder=, q, page).
 */
export function MediaPage() {
  const platform = usePlatform();
  const navigate = useNavigate();
  // Folders are the library's managers' (editors and up); anyone on the staff uploads.
  const manager = useCan('media');
  const userId = useAdminSession().session?.user.id;
  const params = useListParams(['folder'] as const);
  const place: Place = params.filters.folder || null;
  const inVideos = place === VIDEOS;
  const folderId = inVideos ? null : place;
  const searching = params.q !== '';
  const folders = useMediaFolders();
  const tree = folders.data ?? [];
  const trail = pathTo(tree, folderId);
  const current = trail.at(-1) ?? null;
  const list = useMediaList({ folderId, all: searching, q: params.q, page: params.page });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [details, setDetails] = useState<MediaItem | null>(null);
  const [dialog, setDialog] = useState<MediaDialog>(null);
  const uploads = useUploads(showBatchSummary);

  useEffect(() => setSelected(new Set()), [place, params.q, params.page]);
  useErrorToast(list.error, 'Failed to load media');
  useFollowServerPage(list, params.page, params.setPage);
  // The open details follow the list (alt text saved, file moved).
  useEffect(() => {
    if (!details) return;
    const fresh = list.data?.items.find((item) => item.id === details.id);
    if (fresh && fresh !== details) setDetails(fresh);
  }, [list.data, details]);

  const openPlace = (next: Place) => params.set({ folder: next ?? '', q: '' });
  const chooseFiles = async (directory: boolean) => {
    const files = await platform.pickFiles({
      multiple: true,
      directory,
      accept: directory ? undefined : UPLOAD_TYPES,
    });
    if (files.length) uploads.add(files, folderId);
  };
  const items = list.data?.items ?? [];

  return (
    <>
      <PageHeader
        title="Media Library"
        lead="Every image and document of the website, in folders."
        actions={
          <Flex gap="3" wrap="wrap">
            <Button variant="soft" highContrast asChild>
              <Link to="/admin/media/describe">Describe Images</Link>
            </Button>
            {manager && (
              <Button
                variant="soft"
                highContrast
                onClick={() => setDialog({ kind: 'new-folder' })}
                disabled={inVideos}
              >
                New Folder
              </Button>
            )}
          </Flex>
        }
      />
      <div className="media-layout">
        <FolderNav
          tree={tree}
          place={place}
          onOpen={openPlace}
          special={[{ place: VIDEOS, label: 'Hero Videos' }]}
        />
        <Flex direction="column" gap="4" minWidth="0">
          <Breadcrumb
            trail={trail}
            inVideos={inVideos}
            showBack={Boolean(place) || searching}
            onOpen={openPlace}
          />
          <Flex gap="3" wrap="wrap" align="center">
            <SearchField
              label={inVideos ? 'Search videos' : 'Search files'}
              value={params.q}
              onSearch={params.setQ}
            />
            {manager && current && current.id !== PROJECT_IMAGES_FOLDER_ID && (
              <FolderActions folder={current} onDialog={setDialog} />
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
              <SelectionBar
                selection={{ ids: selected, set: setSelected }}
                blocked={
                  !manager && items.some((item) => selected.has(item.id) && item.uploaded_by !== userId)
                    ? 'Some of these files were uploaded by someone else: you can move and delete only your own.'
                    : undefined
                }
                onMove={() => setDialog({ kind: 'move-files', ids: [...selected] })}
                onDelete={() =>
                  setDialog({ kind: 'delete-files', items: items.filter((item) => selected.has(item.id)) })
                }
                onDescribe={() =>
                  navigate('/admin/media/describe', {
                    state: { items: items.filter((item) => selected.has(item.id)) },
                  })
                }
              />
              <MediaGrid
                list={list.data}
                loaded={list.isSuccess}
                subfolders={searching ? [] : current ? current.children : tree}
                atRoot={!searching && !place}
                searching={searching}
                selection={{ ids: selected, set: setSelected }}
                onOpenFolder={openPlace}
                onOpenItem={setDetails}
                onPage={params.setPage}
              />
            </>
          )}
        </Flex>
      </div>

      <MediaDetails
        item={details}
        onOpenChange={(open) => !open && setDetails(null)}
        onOpenItem={setDetails}
        onMove={(item) => setDialog({ kind: 'move-files', ids: [item.id] })}
        onDelete={(item) => setDialog({ kind: 'delete-files', items: [item] })}
        onReplaced={setDetails}
      />
      <MediaDialogs
        dialog={dialog}
        setDialog={setDialog}
        tree={tree}
        current={current}
        folderId={folderId}
        onMoved={() => setSelected(new Set())}
        onDeleted={() => {
          setDetails(null);
          setSelected(new Set());
        }}
        onFolderDeleted={openPlace}
      />
    </>
  );
}
