import {
  type AdminVideo,
  CreateVideoInput,
  REVIEW_MESSAGES,
  UpdateVideoInput,
  type CreateVideoInput as VideoInput,
  type VideoInputValues,
  youtubeId,
  youtubeThumbnailUrl,
} from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Box,
  Button,
  Card,
  Dialog,
  Flex,
  Grid,
  Select,
  Switch,
  Text,
  TextArea,
  TextField,
} from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { messageOf } from '../../../lib/failure';
import { showToast } from '../../../lib/toasts';
import { useDeletedToast } from '../../api/trash';
import { BulkBar, type BulkSpec, bulkActions, SelectBox, useRowNames, useSelection } from '../../ui/bulk';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useContentRights } from '../../ui/content-rights';
import { EmptyState } from '../../ui/empty-state';
import { useFormDraft } from '../../ui/form-draft';
import { FormField } from '../../ui/form-field';
import { HistoryPanel } from '../../ui/history-panel';
import { Pager } from '../../ui/pager';
import type { DiffField } from '../../ui/record-diff';
import { RowTitle } from '../../ui/sample-badge';
import { UnsavedChangesGuard } from '../../ui/unsaved-guard';
import { useErrorToast } from '../../ui/use-error-toast';
import { useFollowServerPage } from '../../ui/use-list-params';
import { videosApi } from './api';
import { copyText } from './copy';

/** The fields a video's History compares. */
const VIDEO_FIELDS: DiffField[] = [
  { key: 'title', label: 'Title', kind: 'text' },
  { key: 'url', label: 'YouTube link', kind: 'text' },
  { key: 'description', label: 'Description', kind: 'long' },
  { key: 'project_type', label: 'Type', kind: 'value' },
  { key: 'is_active', label: 'Active', kind: 'value' },
];

/** A new video: active, unless a contributor adds it (their videos stay inactive until an editor's). */
const empty = (publish: boolean): VideoInputValues => ({
  title: '',
  url: '',
  description: '',
  project_type: 'project',
  is_active: publish,
});
const values = (video: AdminVideo): VideoInputValues => ({
  title: video.title,
  url: video.url,
  description: video.description ?? '',
  project_type: video.project_type,
  is_active: video.is_active,
});

/** Add or edit a hero video (the shared messages; the URL is stored as watch?v={id}; is_active as chosen). */
function VideoDialog({ video, onClose }: { video: AdminVideo | 'new'; onClose(): void }) {
  const editing = video !== 'new';
  const { publish } = useContentRights();
  const EMPTY = empty(publish);
  const save = videosApi.useSave(editing ? video.id : undefined, editing ? video.updated_at : undefined);
  const form = useForm<VideoInputValues, unknown, VideoInput>({
    resolver: zodResolver(editing ? UpdateVideoInput : CreateVideoInput),
    defaultValues: editing ? values(video) : EMPTY,
  });
  const { register, control, handleSubmit, formState, reset } = form;
  const draft = useFormDraft(form, `videos/${editing ? video.id : 'new'}`, { dirty: formState.isDirty });
  useEffect(() => reset(editing ? values(video) : EMPTY), [video, editing, reset]);
  const errors = formState.errors;
  const submit = handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => {
        void draft.saved();
        reset(input);
        showToast(
          editing ? 'Video updated' : 'Video added',
          editing ? 'YouTube video updated successfully' : 'YouTube video added successfully',
        );
        onClose();
      },
      onError: (error) => {
        draft.keep();
        showToast(
          'Error',
          messageOf(error, editing ? 'Failed to update YouTube video.' : 'Failed to add video'),
          'destructive',
        );
      },
    }),
  );
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>{editing ? 'Edit Video' : 'Add YouTube Video'}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          Hero videos play on the home page. Any YouTube link works; it is saved in its watch form.
        </Dialog.Description>
        <UnsavedChangesGuard when={formState.isDirty && !save.isPending} onLeave={draft.discard} />
        {draft.banner}
        <form onSubmit={submit} noValidate aria-label={editing ? 'Edit video' : 'Add video'}>
          <Flex direction="column" gap="3">
            <FormField label="Title" required error={errors.title?.message}>
              <TextField.Root {...register('title')} />
            </FormField>
            <FormField
              label="YouTube URL"
              required
              error={errors.url?.message}
              hint="e.g. https://youtu.be/dQw4w9WgXcQ"
            >
              <TextField.Root type="url" {...register('url')} />
            </FormField>
            <FormField label="Description" error={errors.description?.message}>
              <TextArea rows={3} {...register('description')} />
            </FormField>
            <Controller
              control={control}
              name="project_type"
              render={({ field }) => (
                <FormField label="Project Type">
                  <Select.Root value={field.value ?? 'project'} onValueChange={field.onChange}>
                    <Select.Trigger />
                    <Select.Content>
                      <Select.Item value="project">Project (finished)</Select.Item>
                      <Select.Item value="proposal">Proposal (concept)</Select.Item>
                    </Select.Content>
                  </Select.Root>
                </FormField>
              )}
            />
            <Text as="label" size="2" weight="medium">
              <Flex gap="2" align="center">
                <Controller
                  control={control}
                  name="is_active"
                  render={({ field }) => (
                    <Switch
                      checked={Boolean(field.value)}
                      onCheckedChange={field.onChange}
                      onBlur={field.onBlur}
                      disabled={!publish}
                      aria-describedby={publish ? undefined : 'video-active-hint'}
                    />
                  )}
                />
                Active (shown on the website)
              </Flex>
            </Text>
            {!publish && (
              <Text size="1" color="gray" id="video-active-hint">
                {REVIEW_MESSAGES.cantPublish}
              </Text>
            )}
          </Flex>
          <Flex gap="3" mt="4" justify="end">
            <Dialog.Close>
              <Button type="button" variant="soft" highContrast color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" disabled={save.isPending}>
              {editing ? 'Update Video' : 'Add Video'}
            </Button>
          </Flex>
        </form>
        {editing && (
          <Box mt="5">
            <HistoryPanel
              item={{ path: 'videos', id: video.id }}
              fields={VIDEO_FIELDS}
              current={video}
              onRestored={onClose}
            />
          </Box>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** The Hero Videos folder of the library: the home page's YouTube videos. */
export function HeroVideos({ q }: { q: string }) {
  const [page, setPage] = useState(1);
  const list = videosApi.useList({ q, page });
  const remove = videosApi.useRemove();
  const deleted = useDeletedToast();
  const [editing, setEditing] = useState<AdminVideo | 'new' | null>(null);
  const rights = useContentRights();
  const selection = useSelection();
  const names = useRowNames(
    list.data?.items,
    (video) => video.id,
    (video) => video.title,
  );
  const bulk: BulkSpec<AdminVideo> = {
    noun: ['video', 'videos'],
    actions: bulkActions({ remove: true, publish: rights.publish && 'Activate' }),
    run: videosApi.useBulk(),
    name: (video) => video.title,
  };
  useEffect(() => setPage(1), [q]);
  useErrorToast(list.error, 'Failed to load YouTube videos');
  useFollowServerPage(list, page, setPage);

  const destroy = (video: AdminVideo) =>
    remove.mutate(video.id, {
      onSuccess: () => deleted('Video deleted', video.title, [video.id]),
      onError: (error) => showToast('Error', messageOf(error, 'Failed to delete video'), 'destructive'),
    });

  return (
    <section aria-label="Hero Videos">
      <Flex justify="between" align="center" mb="3">
        <Text color="gray" size="2">
          YouTube videos shown on the home page. Only active videos appear on the website.
        </Text>
        <Button onClick={() => setEditing('new')}>Add Video</Button>
      </Flex>
      <BulkBar spec={bulk} selection={selection} names={names} />
      {list.data?.items.length === 0 && (
        <EmptyState message="No videos yet. Add a YouTube video to show it on the home page." />
      )}
      <Grid columns={{ initial: '1', sm: '2', md: '3' }} gap="3">
        {list.data?.items.map((video) => {
          const id = youtubeId(video.url);
          return (
            <Card key={video.id} asChild>
              <article aria-label={video.title}>
                {id && (
                  <img className="media-video__thumb" src={youtubeThumbnailUrl(id)} alt="" loading="lazy" />
                )}
                <Flex direction="column" gap="2" mt="2">
                  <Flex justify="between" gap="2" align="start">
                    <Flex gap="2" align="start">
                      <SelectBox selection={selection} id={video.id} name={video.title} />
                      <RowTitle text={video.title} sample={video.sample} />
                    </Flex>
                    <Badge color={video.is_active ? 'green' : 'gray'} highContrast>
                      {video.is_active ? 'Active' : 'Inactive'}
                    </Badge>
                  </Flex>
                  <Text size="1" color="gray" truncate>
                    {video.url}
                  </Text>
                  <Flex gap="2" wrap="wrap">
                    <Button
                      size="1"
                      variant="soft"
                      highContrast
                      onClick={() => copyText(video.url)}
                      aria-label={`Copy URL of ${video.title}`}
                    >
                      Copy URL
                    </Button>
                    {rights.mayChange(video.author_id, video.is_active) && (
                      <>
                        <Button
                          size="1"
                          variant="soft"
                          highContrast
                          onClick={() => setEditing(video)}
                          aria-label={`Edit ${video.title}`}
                        >
                          Edit
                        </Button>
                        <ConfirmDialog
                          trigger={
                            <Button
                              size="1"
                              variant="soft"
                              highContrast
                              color="red"
                              aria-label={`Delete ${video.title}`}
                            >
                              Delete
                            </Button>
                          }
                          title="Delete this video?"
                          description={`This action cannot be undone. "${video.title}" will no longer play on the home page.`}
                          onConfirm={() => destroy(video)}
                        />
                      </>
                    )}
                  </Flex>
                </Flex>
              </article>
            </Card>
          );
        })}
      </Grid>
      {list.data && (
        <Pager
          page={list.data.page}
          pageSize={list.data.pageSize}
          total={list.data.total}
          onPage={setPage}
          label="Videos pages"
        />
      )}
      {editing && <VideoDialog video={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
