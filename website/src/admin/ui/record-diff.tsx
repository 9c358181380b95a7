import { Box, Flex, Text } from '@radix-ui/themes';

export interface RecordDiffField {
  key: string;
  label: string;
  kind: 'text' | 'long' | 'images' | 'value';
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function Side({
  field,
  value,
  mediaUrl,
}: {
  field: RecordDiffField;
  value: unknown;
  mediaUrl?: (path: string) => string;
}) {
  if (field.kind === 'images') {
    const images = Array.isArray(value) ? value.map(String) : [];
    if (images.length === 0) return <Text color="gray">None</Text>;
    return (
      <Flex gap="2" wrap="wrap">
        {images.map((url) => (
          <img key={url} className="admin-diff__thumb" src={mediaUrl ? mediaUrl(url) : url} alt="" />
        ))}
      </Flex>
    );
  }
  if (value === null || value === undefined || value === '') return <Text color="gray">Empty</Text>;
  return <Text className={field.kind === 'long' ? 'admin-diff__long' : undefined}>{shown(value)}</Text>;
}

function shown(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The fields where `before` and `after` differ, each shown side by side. */
export function RecordDiff({
  fields,
  before,
  after,
  mediaUrl,
}: {
  fields: RecordDiffField[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  mediaUrl?: (path: string) => string;
}) {
  const changed = fields.filter((field) => !same(before[field.key], after[field.key]));
  if (changed.length === 0) return <Text color="gray">No changes.</Text>;
  return (
    <dl className="admin-diff">
      {changed.map((field) => (
        <div key={field.key}>
          <dt className="admin-diff__label">{field.label}</dt>
          <dd className="admin-diff__sides">
            {(['before', 'after'] as const).map((side) => (
              <Box key={side} className="admin-diff__side" data-side={side}>
                <Text as="div" size="1" color="gray" mb="1">
                  {side === 'before' ? 'Before' : 'After'}
                </Text>
                <Side
                  field={field}
                  value={(side === 'before' ? before : after)[field.key]}
                  mediaUrl={mediaUrl}
                />
              </Box>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}
