import { Badge, Flex, Text } from '@radix-ui/themes';

/** Marks a row of the fresh install's sample studio (Settings → "Remove sample content" removes them all). */
export function SampleBadge({ sample }: { sample: boolean }) {
  if (!sample) return null;
  return (
    <Badge color="orange" variant="outline" title="Sample content of a fresh install: remove it in Settings">
      Sample
    </Badge>
  );
}

/** A list row's name, with the "Sample" badge when the row is the sample studio's. */
export function RowTitle({ text, sample }: { text: string; sample: boolean }) {
  return (
    <Flex gap="2" align="center" wrap="wrap">
      <Text weight="medium">{text}</Text>
      <SampleBadge sample={sample} />
    </Flex>
  );
}
