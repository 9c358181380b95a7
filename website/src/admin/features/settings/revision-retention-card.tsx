import type { RevisionRetention } from '@atelier/shared';
import { Button, Card, Flex, Heading, Select, Text, TextField } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { messageOf } from '../../../lib/failure';
import { showToast } from '../../../lib/toasts';
import { useRetention, useSaveRetention } from '../../api/revisions';

const CHOICES: [RevisionRetention['keep'], string][] = [
  ['all', 'Keep every version'],
  ['last', 'Keep the last versions of each item'],
  ['days', 'Keep the versions of the last days'],
];

/** Settings → how long the History keeps saved versions: all (the default), the last N per item, N days. */
export function RevisionRetentionCard() {
  const retention = useRetention();
  const save = useSaveRetention();
  const [keep, setKeep] = useState<RevisionRetention['keep']>('all');
  const [count, setCount] = useState('50');
  useEffect(() => {
    if (!retention.data) return;
    setKeep(retention.data.keep);
    setCount(String(retention.data.count));
  }, [retention.data]);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      { keep, count: Number(count) },
      {
        onSuccess: () => showToast('History settings saved', 'They apply from the next save on.'),
        onError: (error) =>
          showToast('Error', messageOf(error, 'Could not save the history settings.'), 'destructive'),
      },
    );
  };
  return (
    <Card size="3" asChild>
      <form onSubmit={submit} aria-labelledby="retention-heading" noValidate>
        <Heading as="h2" size="4" mb="1" id="retention-heading">
          Saved versions
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          Every save of a project, post, service, team member, video and of these settings is kept as a
          version that can be compared and restored.
        </Text>
        <Flex gap="3" align="end" wrap="wrap">
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" id="retention-keep-label">
              Versions kept
            </Text>
            <Select.Root value={keep} onValueChange={(value) => setKeep(value as RevisionRetention['keep'])}>
              <Select.Trigger aria-labelledby="retention-keep-label" />
              <Select.Content>
                {CHOICES.map(([value, label]) => (
                  <Select.Item key={value} value={value}>
                    {label}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
          {keep !== 'all' && (
            <Flex direction="column" gap="1">
              <Text as="label" size="2" weight="medium" htmlFor="retention-count">
                {keep === 'last' ? 'Versions per item' : 'Days'}
              </Text>
              <TextField.Root
                id="retention-count"
                type="number"
                min={1}
                max={10000}
                value={count}
                onChange={(event) => setCount(event.target.value)}
                style={{ width: '7rem' }}
              />
            </Flex>
          )}
          <Button type="submit" variant="soft" disabled={!retention.data || save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </Flex>
      </form>
    </Card>
  );
}
