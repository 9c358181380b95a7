import type { MediaItem } from '@atelier/shared';
import { Button, Card, Checkbox, Flex, Link, SegmentedControl, Text, TextArea } from '@radix-ui/themes';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { messageOf } from '../../../lib/failure';
import { useMediaList } from '../../api/media-library';
import { usePlatform } from '../../platform-context';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { useErrorToast } from '../../ui/use-error-toast';
import { type MediaChange, updateMedia } from './api';
import { WhereUsed } from './media-details';

/** How long typing rests before the alt text is saved. */
const SAVE_AFTER_MS = 700;

type Filter = 'missing' | 'all';

/**
 * /admin/media/describe: the images still without alt text (or all of them, or the library's selection),
 * each with its alt text and where it is used, saved as you type. The list is not read again after each
 * save, so a described image stays in view until the page or the filter changes.
 */
export function DescribeImagesPage() {
  const chosen = (useLocation().state as { items?: MediaItem[] } | null)?.items;
  const [filter, setFilter] = useState<Filter>('missing');
  const [page, setPage] = useState(1);
  const list = useMediaList({ folderId: null, all: true, q: '', page, altMissing: filter === 'missing' });
  useErrorToast(list.error, 'Failed to load images');
  const items = (chosen ?? list.data?.items ?? []).filter((item) => item.mime_type.startsWith('image/'));

  return (
    <>
      <PageHeader
        title="Describe Images"
        lead="Alt text tells people who cannot see a photograph what it shows. It is the image's text wherever it is used, unless a project gives its own."
        actions={
          <Button variant="soft" highContrast asChild>
            <RouterLink to="/admin/media">Back to the library</RouterLink>
          </Button>
        }
      />
      <Flex direction="column" gap="4">
        {chosen ? (
          <Text size="2" color="gray">
            {chosen.length} selected in the library.{' '}
            <Link asChild>
              <RouterLink to="/admin/media/describe" state={null}>
                Show every image without alt text
              </RouterLink>
            </Link>
          </Text>
        ) : (
          <SegmentedControl.Root
            value={filter}
            onValueChange={(value) => {
              setFilter(value as Filter);
              setPage(1);
            }}
            aria-label="Images to show"
            className="describe-filter"
          >
            <SegmentedControl.Item value="missing">Without alt text</SegmentedControl.Item>
            <SegmentedControl.Item value="all">All images</SegmentedControl.Item>
          </SegmentedControl.Root>
        )}
        {list.isSuccess && items.length === 0 && (
          <Card size="3">
            <Text as="p" size="3">
              {filter === 'missing' ? 'Every image has alt text or is marked decorative.' : 'No images yet.'}
            </Text>
          </Card>
        )}
        <ul className="describe-grid">
          {items.map((item) => (
            <DescribeCard key={item.id} item={item} />
          ))}
        </ul>
        {!chosen && list.data && (
          <Pager
            page={list.data.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPage={setPage}
            label="Pages of images"
          />
        )}
      </Flex>
    </>
  );
}

type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'failed'; message: string };

/**
 * Saves one file's changes as they come: each a PATCH, the alt text after typing rests (or the field is
 * left, or the page), the decorative flag at once. Only the latest answer sets the state shown.
 */
function useSaveAsYouGo(id: string) {
  const platform = usePlatform();
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const latest = useRef(0);
  const waiting = useRef<{ timer: ReturnType<typeof setTimeout>; change: MediaChange } | null>(null);
  const save = (change: MediaChange) => {
    if (waiting.current) clearTimeout(waiting.current.timer);
    waiting.current = null;
    const call = ++latest.current;
    setState({ kind: 'saving' });
    updateMedia(platform, id, change).then(
      () => call === latest.current && setState({ kind: 'saved' }),
      (error) =>
        call === latest.current &&
        setState({ kind: 'failed', message: messageOf(error, 'The alt text could not be saved') }),
    );
  };
  const later = (change: MediaChange) => {
    if (waiting.current) clearTimeout(waiting.current.timer);
    waiting.current = { timer: setTimeout(() => save(change), SAVE_AFTER_MS), change };
    setState({ kind: 'idle' });
  };
  const flush = () => {
    if (waiting.current) save(waiting.current.change);
  };
  // Leaving the page saves what is still waiting.
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => () => flushRef.current(), []);
  return { state, save, later, flush };
}

function DescribeCard({ item }: { item: MediaItem }) {
  const platform = usePlatform();
  const [alt, setAlt] = useState(item.alt_text);
  const [decorative, setDecorative] = useState(item.decorative);
  const saving = useSaveAsYouGo(item.id);
  const field = `describe-${item.id}`;
  const { state } = saving;
  return (
    <li className="describe-card">
      <img src={platform.mediaUrl(item.url)} alt={decorative ? '' : alt} loading="lazy" />
      <Flex direction="column" gap="2" p="3">
        <Text as="label" size="2" weight="medium" htmlFor={field}>
          Alt text for {item.filename}
        </Text>
        <TextArea
          id={field}
          rows={2}
          value={alt}
          maxLength={500}
          disabled={decorative}
          placeholder={decorative ? 'Decorative: no alt text needed' : 'What the photograph shows'}
          aria-describedby={`${field}-state`}
          onChange={(event) => {
            setAlt(event.target.value);
            saving.later({ alt_text: event.target.value });
          }}
          onBlur={saving.flush}
        />
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Checkbox
                checked={decorative}
                onCheckedChange={(on) => {
                  setDecorative(on === true);
                  saving.save({ decorative: on === true, alt_text: alt });
                }}
              />
              Decorative
            </Flex>
          </Text>
          <Text
            size="1"
            id={`${field}-state`}
            role="status"
            color={state.kind === 'failed' ? 'red' : state.kind === 'saved' ? 'green' : 'gray'}
          >
            {state.kind === 'saving'
              ? 'Saving…'
              : state.kind === 'saved'
                ? 'Saved'
                : state.kind === 'failed'
                  ? `Not saved: ${state.message}`
                  : ''}
          </Text>
        </Flex>
        <Text size="1" color="gray" as="div">
          <Text as="p" weight="medium" mb="1">
            Used in
          </Text>
          <WhereUsed uses={item.used_by} />
        </Text>
      </Flex>
    </li>
  );
}
