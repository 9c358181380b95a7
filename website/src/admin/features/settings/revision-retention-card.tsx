import { RevisionRetention } from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { showToast } from '../../../lib/toasts';
import { useRetention, useSaveRetention } from '../../api/revisions';
import { showSaveError } from '../../ui/form-errors';
import { FormField } from '../../ui/form-field';
import { SelectField } from '../../ui/select-field';

const CHOICES = [
  ['all', 'Keep every version'],
  ['last', 'Keep the last versions of each item'],
  ['days', 'Keep the versions of the last days'],
] as const;

/** Settings → how long the History keeps saved versions: all (the default), the last N per item, N days. */
export function RevisionRetentionCard() {
  const retention = useRetention();
  const save = useSaveRetention();
  const form = useForm<RevisionRetention>({
    resolver: zodResolver(RevisionRetention),
    defaultValues: { keep: 'all', count: 50 },
  });
  const { control, register, handleSubmit, reset, watch, setError, formState } = form;
  useEffect(() => {
    if (retention.data) reset(retention.data);
  }, [retention.data, reset]);
  const keep = watch('keep');
  const submit = handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => showToast('History settings saved', 'They apply from the next save on.'),
      onError: (error) => showSaveError(error, setError, 'Could not save the history settings.'),
    }),
  );
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
          <SelectField control={control} name="keep" label="Versions kept" options={CHOICES} />
          {keep !== 'all' && (
            <FormField
              label={keep === 'last' ? 'Versions per item' : 'Days'}
              error={formState.errors.count?.message}
            >
              <TextField.Root
                type="number"
                min={1}
                max={10000}
                style={{ width: '7rem' }}
                {...register('count', { valueAsNumber: true })}
              />
            </FormField>
          )}
          <Button type="submit" variant="soft" disabled={!retention.data || save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </Flex>
      </form>
    </Card>
  );
}
