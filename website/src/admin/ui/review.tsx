import { REVIEW_LABELS, REVIEW_STATUSES, ReviewReturnInput, type ReviewStatus } from '@atelier/shared';
import { Badge, Button, Callout, Dialog, Flex, Select, TextArea } from '@radix-ui/themes';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormField } from './form-field';
import { useAction } from './use-action';

const ANY = 'any';

/** A draft's review step in a list row: In review, or Changes requested. */
export function ReviewBadge({ status }: { status: ReviewStatus | null }) {
  if (!status) return null;
  return <Badge color={status === 'in_review' ? 'gold' : 'orange'}>{REVIEW_LABELS[status]}</Badge>;
}

/** A list's review filter: any item, the drafts in review, the drafts sent back. */
export function ReviewFilter({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <Select.Root value={value || ANY} onValueChange={(next) => onChange(next === ANY ? '' : next)}>
      <Select.Trigger aria-label="Filter by review" />
      <Select.Content>
        <Select.Item value={ANY}>Any review</Select.Item>
        {REVIEW_STATUSES.map((status) => (
          <Select.Item key={status} value={status}>
            {REVIEW_LABELS[status]}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}

/**
 * The top of an edit form: the note of a draft sent back ("Changes requested: …"), that a draft is in
 * review, or why this person may not change the item.
 */
export function ReviewCallouts({
  item,
  locked,
  publish,
}: {
  item?: { review_status: ReviewStatus | null; review_note: string | null };
  locked?: string | null;
  /** The reader publishes: a draft in review is theirs to publish or send back. */
  publish?: boolean;
}) {
  return (
    <>
      {item?.review_status === 'changes_requested' && (
        <Callout.Root color="orange" mb="4" role="status">
          <Callout.Text>
            <strong>Changes requested:</strong> {item.review_note}
          </Callout.Text>
        </Callout.Root>
      )}
      {item?.review_status === 'in_review' && (
        <Callout.Root color="gold" mb="4" role="status">
          <Callout.Text>
            {publish
              ? 'In review: publish it, or send it back with a note of what to change.'
              : 'In review: an editor will publish it or send it back with a note.'}
          </Callout.Text>
        </Callout.Root>
      )}
      {locked && (
        <Callout.Root color="gray" mb="4" role="status">
          <Callout.Text>{locked}</Callout.Text>
        </Callout.Root>
      )}
    </>
  );
}

/** "Send back": the note of what to change (required) in a dialog; closes once the server took it. */
export function SendBackDialog({ busy, onSend }: { busy: boolean; onSend(note: string): Promise<boolean> }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const send = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const parsed = ReviewReturnInput.safeParse({ note });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    if (await onSend(parsed.data.note)) setOpen(false);
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setError(undefined);
      }}
    >
      <Dialog.Trigger>
        <Button type="button" variant="soft" color="orange" highContrast size="3">
          Send back
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>Send back to the author</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          The author sees your note at the top of the form, changes the draft and submits it again.
        </Dialog.Description>
        <form onSubmit={send} noValidate aria-label="Send back">
          <FormField label="What should change?" required error={error}>
            <TextArea rows={5} value={note} onChange={(event) => setNote(event.target.value)} autoFocus />
          </FormField>
          <Flex gap="3" mt="4" justify="end">
            <Dialog.Close>
              <Button type="button" variant="soft" highContrast color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" loading={busy}>
              Send back
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

interface ReviewActionsProps {
  /** The item as loaded (undefined: a new one). */
  item?: { status: string; review_status: ReviewStatus | null };
  /** The signed-in person wrote it (or is writing it). */
  author: boolean;
  /** Their role publishes. */
  publish: boolean;
  busy: boolean;
  onSubmit(): void;
  onPublish(): void;
  onSendBack(note: string): Promise<boolean>;
}

/**
 * The review buttons beside a form's save: "Submit for review" on the author's draft (saved first), and on a
 * draft in review, for those who publish, "Send back" (with a note) and "Publish".
 */
export function ReviewActions({
  item,
  author,
  publish,
  busy,
  onSubmit,
  onPublish,
  onSendBack,
}: ReviewActionsProps) {
  const draft = !item || item.status === 'draft';
  const inReview = item?.review_status === 'in_review';
  return (
    <>
      {publish && inReview && (
        <>
          <SendBackDialog busy={busy} onSend={onSendBack} />
          <Button type="button" color="green" highContrast size="3" loading={busy} onClick={onPublish}>
            Publish
          </Button>
        </>
      )}
      {author && draft && !inReview && (
        <Button type="button" variant="soft" size="3" loading={busy} onClick={onSubmit}>
          Submit for review
        </Button>
      )}
    </>
  );
}

/**
 * The review step of an edit form: `submit(body)` saves the draft, then submits it; `publish(body)` saves it
 * published; `sendBack(note)` returns the draft to its author. Each goes back to the list with its toast (a
 * failure: the "Error" toast, on the form).
 */
export function useReviewForm<E extends { id: string }>(options: {
  /** `<entity>Api`: its workflow steps. */
  api: { useStep(step: string): UseMutationResult<E, Error, { id: string; body?: unknown }> };
  /** The id of the item being edited (none: a new one). */
  id?: string;
  /** The form's save (`useSaveForm`): what it saves, then what follows. */
  form: {
    saveAnd(
      body: unknown,
      next: { afterSave?: (entity: E) => Promise<unknown>; saved?: Toast },
    ): Promise<void>;
    leave(): void;
  };
  /** The success toast of a publish. */
  published: (title: string) => Toast;
}) {
  const { api, id, form } = options;
  const submit = api.useStep('submit');
  const back = api.useStep('return');
  const { run } = useAction();
  return {
    busy: submit.isPending || back.isPending,
    submit: (body: unknown, title: string) =>
      form.saveAnd(body, {
        afterSave: (saved) => submit.mutateAsync({ id: saved.id }),
        saved: { title: 'Submitted for review', description: `"${title}" is waiting for an editor.` },
      }),
    publish: (body: unknown, title: string) => form.saveAnd(body, { saved: options.published(title) }),
    sendBack: async (note: string) => {
      const sent = await run(() => back.mutateAsync({ id: id ?? '', body: { note } }), {
        success: { title: 'Sent back', description: 'The author sees your note at the top of the form.' },
        failure: 'Failed to send it back',
      });
      if (sent) form.leave();
      return sent !== undefined;
    },
  };
}

type Toast = { title: string; description: string };

/** A list row's "Submit for review": on its author's draft that is not in review already. */
export function SubmitRowButton({
  item,
  author,
  onSubmit,
}: {
  item: { title: string; status: string; review_status: ReviewStatus | null };
  author: boolean;
  onSubmit(): Promise<unknown>;
}) {
  const { run, busy } = useAction();
  if (!author || item.status !== 'draft' || item.review_status === 'in_review') return null;
  return (
    <Button
      size="1"
      variant="soft"
      aria-label={`Submit for review: ${item.title}`}
      disabled={busy}
      onClick={() =>
        run(onSubmit, {
          success: {
            title: 'Submitted for review',
            description: `"${item.title}" is waiting for an editor.`,
          },
          failure: 'Failed to submit for review',
        })
      }
    >
      Submit for review
    </Button>
  );
}
