import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { messageOf } from '../../lib/failure';
import { showToast } from '../../lib/toasts';
import { describeSample, hasSample, useRemoveSampleContent, useSampleContent } from '../api/sample-content';
import { useCan } from '../platform-context';
import { ConfirmDialog } from './confirm-dialog';

/**
 * "Remove sample content": what the fresh install's sample studio still has (counted), and the one action that
 * removes it. In Settings it always shows (saying when nothing is left); on the dashboard (`offer`) only while
 * there is sample content, and only to those who may change the settings.
 */
export function SampleContentCard({ offer = false }: { offer?: boolean }) {
  const allowed = useCan('settings');
  const sample = useSampleContent(allowed);
  const remove = useRemoveSampleContent();
  const [confirming, setConfirming] = useState(false);
  const counts = sample.data;
  const present = hasSample(counts);
  if (!allowed || (offer && !present)) return null;
  const parts = counts ? describeSample(counts) : [];

  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: (removed) =>
        showToast('Sample content removed', `Removed ${describeSample(removed).join(', ')}.`),
      onError: (error) =>
        showToast('Error', messageOf(error, 'Failed to remove the sample content'), 'destructive'),
    });

  return (
    <Card size="3" mb={offer ? '5' : undefined} className="admin-sample">
      <Flex direction={{ initial: 'column', sm: 'row' }} gap="4" justify="between" align={{ sm: 'center' }}>
        <div>
          <Heading as="h2" size="4" mb="1">
            {offer ? 'Make the site your own' : 'Sample content'}
          </Heading>
          <Text as="p" size="2" color="gray">
            {!counts
              ? 'Counting the sample content…'
              : present
                ? `The site still shows the sample studio of a fresh install: ${parts.join(', ')}. Remove it in one go; your settings, your people and everything you created stay.`
                : 'No sample content is left: everything on the site is your own.'}
          </Text>
        </div>
        {present && (
          <Button
            color="red"
            variant="soft"
            disabled={remove.isPending}
            onClick={() => setConfirming(true)}
            style={{ flex: 'none' }}
          >
            Remove sample content
          </Button>
        )}
      </Flex>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove the sample content?"
        description={`This cannot be undone. It permanently deletes ${parts.join(', ')}. Your settings, your people and what you created yourself are kept.`}
        confirmLabel="Remove sample content"
        onConfirm={confirm}
      />
    </Card>
  );
}
