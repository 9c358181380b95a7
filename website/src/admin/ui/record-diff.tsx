import { Badge, Box, Flex, Grid, Text } from '@radix-ui/themes';
import { diffWords } from 'diff';
import type { ReactNode } from 'react';

/** One field of a record as a comparison shows it. */
export interface DiffField {
  key: string;
  label: string;
  /** `long`: compared word by word; `images`: a list of image URLs (or one), shown as thumbnails. */
  kind: 'text' | 'long' | 'images' | 'value';
}

type Record = { [key: string]: unknown };

const imagesOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : value
      ? [String(value)]
      : [];

function textOf(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value, null, 1);
  return String(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const Empty = () => (
  <Text size="2" color="gray">
    (empty)
  </Text>
);

/** Two texts word by word: the words only the first has struck out on its side, the second's marked added. */
function wordSides(before: string, after: string): ReactNode[] {
  const parts = diffWords(before, after);
  const side = (keep: 'removed' | 'added') =>
    parts.map((part, i) => {
      if (part.added && keep === 'removed') return null;
      if (part.removed && keep === 'added') return null;
      if (part.removed) return <del key={i}>{part.value}</del>;
      if (part.added) return <ins key={i}>{part.value}</ins>;
      return <span key={i}>{part.value}</span>;
    });
  return [side('removed'), side('added')];
}

/** Thumbnails of one side: those the other side lacks are marked (removed on the left, added on the right). */
function Thumbnails({
  urls,
  other,
  mark,
  mediaUrl,
}: {
  urls: string[];
  other: string[];
  mark: 'Removed' | 'Added';
  mediaUrl(url: string): string;
}) {
  if (urls.length === 0) return <Empty />;
  return (
    <Flex gap="2" wrap="wrap" asChild>
      <ul className="record-diff-images">
        {urls.map((url, index) => {
          const changed = !other.includes(url);
          return (
            <li
              key={url}
              className="record-diff-image"
              data-change={changed ? mark.toLowerCase() : undefined}
            >
              <img
                src={mediaUrl(url)}
                alt={`${index + 1}. ${url.split('/').pop()}${changed ? ` (${mark.toLowerCase()})` : ''}`}
              />
              {changed && (
                <Badge size="1" color={mark === 'Added' ? 'green' : 'red'} highContrast>
                  {mark}
                </Badge>
              )}
            </li>
          );
        })}
      </ul>
    </Flex>
  );
}

/** One changed field's two sides, and what kind of change it is. */
function sidesOf(field: DiffField, before: unknown, after: unknown, mediaUrl: (url: string) => string) {
  if (field.kind === 'images') {
    const [a, b] = [imagesOf(before), imagesOf(after)];
    const reordered = a.length === b.length && a.every((url) => b.includes(url));
    return {
      note: reordered ? 'Reordered' : undefined,
      sides: [
        <Thumbnails key="a" urls={a} other={b} mark="Removed" mediaUrl={mediaUrl} />,
        <Thumbnails key="b" urls={b} other={a} mark="Added" mediaUrl={mediaUrl} />,
      ],
    };
  }
  const [a, b] = [textOf(before), textOf(after)];
  if (field.kind === 'long' && a && b) return { sides: wordSides(a, b) };
  return {
    sides: [
      a ? <span key="a">{a}</span> : <Empty key="a" />,
      b ? <span key="b">{b}</span> : <Empty key="b" />,
    ],
  };
}

/**
 * Two versions of a record side by side (a revision and the current one, or a saved record and a draft): each
 * field that differs, with its label; long texts word by word, image lists as thumbnails marked added, removed
 * or reordered. Fields that are the same are counted, not shown.
 */
export function RecordDiff({
  fields,
  before,
  after,
  mediaUrl = (url) => url,
  labels = ['Before', 'After'],
}: {
  fields: DiffField[];
  before: Record;
  after: Record;
  mediaUrl?(url: string): string;
  /** The two columns' headings. */
  labels?: [string, string];
}) {
  const changed = fields.filter((field) => !same(before[field.key], after[field.key]));
  const unchanged = fields.length - changed.length;
  return (
    <Box className="record-diff">
      {changed.length === 0 ? (
        <Text as="p" size="2" color="gray">
          No differences: both versions are the same.
        </Text>
      ) : (
        <Grid
          columns={{ initial: '1', sm: '9rem 1fr 1fr' }}
          gapX="4"
          gapY="3"
          role="table"
          aria-label="Differences"
        >
          <Box role="row" display={{ initial: 'none', sm: 'contents' }}>
            <Text role="columnheader" size="1" weight="bold" color="gray">
              Field
            </Text>
            <Text role="columnheader" size="1" weight="bold" color="gray">
              {labels[0]}
            </Text>
            <Text role="columnheader" size="1" weight="bold" color="gray">
              {labels[1]}
            </Text>
          </Box>
          {changed.map((field) => {
            const { sides, note } = sidesOf(field, before[field.key], after[field.key], mediaUrl);
            return (
              <Box role="row" key={field.key} className="record-diff-row" style={{ display: 'contents' }}>
                <Flex role="rowheader" direction="column" gap="1">
                  <Text size="2" weight="bold">
                    {field.label}
                  </Text>
                  <Badge size="1" color="amber" variant="soft" highContrast style={{ alignSelf: 'start' }}>
                    {note ?? 'Changed'}
                  </Badge>
                </Flex>
                {sides.map((side, i) => (
                  <Box
                    role="cell"
                    key={i}
                    className="record-diff-cell"
                    data-side={i === 0 ? 'before' : 'after'}
                  >
                    <Text as="div" size="1" color="gray" className="record-diff-side-label">
                      {labels[i]}
                    </Text>
                    <Text as="div" size="2">
                      {side}
                    </Text>
                  </Box>
                ))}
              </Box>
            );
          })}
        </Grid>
      )}
      {unchanged > 0 && changed.length > 0 && (
        <Text as="p" size="1" color="gray" mt="3">
          {unchanged === 1 ? '1 other field is the same.' : `${unchanged} other fields are the same.`}
        </Text>
      )}
    </Box>
  );
}
