import { can, type InquiryNote, INQUIRY_STATUS_LABELS as STATUS_LABELS } from '@atelier/shared';
import { Badge, Button, Card, Flex, Heading, Text, TextArea } from '@radix-ui/themes';
import { format } from 'date-fns';
import { type FormEvent, useState } from 'react';
import { messageOf } from '../../../lib/failure';
import { showToast } from '../../../lib/toasts';
import { useAdminSession } from '../../platform-context';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useErrorToast } from '../../ui/use-error-toast';
import { useAddInquiryNote, useDeleteInquiryNote, useInquiryLog } from './api';
import { STATUS_COLORS } from './inquiry-parts';

const when = (at: string) => format(new Date(at), 'MMM d, yyyy, HH:mm');
const excerpt = (text: string) => (text.length > 60 ? `${text.slice(0, 60).trimEnd()}…` : text);

/** The staff's side of an inquiry: internal notes (add, delete one's own; admins any) and the status history. */
export function InquiryLog({ id }: { id: string }) {
  const log = useInquiryLog(id);
  useErrorToast(log.error, 'Failed to load the notes and history');
  return (
    <>
      <Notes id={id} notes={log.data?.notes} />
      <Card size="2">
        <Heading as="h2" size="3" mb="3">
          Status history
        </Heading>
        {log.data && log.data.status_changes.length === 0 && (
          <Text as="p" size="2" color="gray">
            No status changes yet: it is as it came in.
          </Text>
        )}
        <ol className="admin-inquiry__log" aria-label="Status history">
          {log.data?.status_changes.map((change) => (
            <li key={change.id}>
              <Flex gap="2" align="center" wrap="wrap">
                <Badge color={STATUS_COLORS[change.from]}>{STATUS_LABELS[change.from]}</Badge>
                <Text aria-label="to">→</Text>
                <Badge color={STATUS_COLORS[change.to]}>{STATUS_LABELS[change.to]}</Badge>
              </Flex>
              <Text as="p" size="1" color="gray" mt="1">
                {change.by?.name ?? 'A deleted account'} · <time dateTime={change.at}>{when(change.at)}</time>
              </Text>
            </li>
          ))}
        </ol>
      </Card>
    </>
  );
}

function Notes({ id, notes }: { id: string; notes: InquiryNote[] | undefined }) {
  const { session } = useAdminSession();
  const add = useAddInquiryNote(id);
  const remove = useDeleteInquiryNote(id);
  const [draft, setDraft] = useState('');
  const [deleting, setDeleting] = useState<InquiryNote | null>(null);
  const mayDelete = (note: InquiryNote) =>
    note.author?.id === session?.user.id || can(session?.user.role, 'settings');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(draft, {
      onSuccess: () => setDraft(''),
      onError: (error) => showToast('Error', messageOf(error, 'Failed to add the note'), 'destructive'),
    });
  };
  const confirmDelete = (note: InquiryNote) =>
    remove.mutate(note.id, {
      onSuccess: () => showToast('Note deleted', `“${excerpt(note.body)}” was deleted.`),
      onError: (error) => showToast('Error', messageOf(error, 'Failed to delete the note'), 'destructive'),
    });

  return (
    <Card size="2">
      <Heading as="h2" size="3" mb="1">
        Internal notes
      </Heading>
      <Text as="p" size="1" color="gray" mb="3">
        Only the studio's staff see these; the client never does.
      </Text>
      {notes && notes.length > 0 && (
        <ul className="admin-inquiry__log" aria-label="Notes">
          {notes.map((note) => (
            <li key={note.id}>
              <Text as="p" size="2" className="admin-inquiry__text">
                {note.body}
              </Text>
              <Flex justify="between" align="center" gap="2" mt="1">
                <Text size="1" color="gray">
                  {note.author?.name ?? 'A deleted account'} ·{' '}
                  <time dateTime={note.created_at}>{when(note.created_at)}</time>
                </Text>
                {mayDelete(note) && (
                  <Button
                    size="1"
                    variant="ghost"
                    color="red"
                    aria-label={`Delete the note “${excerpt(note.body)}”`}
                    onClick={() => setDeleting(note)}
                  >
                    Delete
                  </Button>
                )}
              </Flex>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit}>
        <TextArea
          aria-label="New note"
          placeholder="Add a note for the team: a call, a visit, what was agreed…"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          maxLength={5000}
          rows={3}
        />
        <Flex justify="end" mt="2">
          <Button type="submit" highContrast disabled={!draft.trim() || add.isPending}>
            Add note
          </Button>
        </Flex>
      </form>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this note?"
        description={`This action cannot be undone. This will permanently delete the note “${excerpt(deleting?.body ?? '')}”.`}
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
    </Card>
  );
}
