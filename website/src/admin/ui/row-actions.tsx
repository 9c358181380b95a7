import { Button, Flex } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePlatform } from '../platform-context';
import { ConfirmDialog } from './confirm-dialog';

interface RowActionsProps {
  /** What the row is ("Lakeside House"): the buttons' accessible names carry it. */
  name: string;
  /** The public page to view, when there is one. */
  view?: string;
  /** In View's place while the item is not public (a draft's Preview). */
  preview?: ReactNode;
  edit: string;
  /** The signed-in person may only read it: "Open" instead of "Edit". */
  readOnly?: boolean;
  /** Left out: no Delete (the signed-in person may not delete this row). */
  onDelete?(): void;
  /** The confirmation's text; none deletes at once (team members). */
  confirm?: string;
  busy?: boolean;
  /** More buttons before Delete (Submit for review). */
  children?: ReactNode;
}

/** View / Edit / Delete of a list row (and its own buttons). */
export function RowActions({
  name,
  view,
  preview,
  edit,
  readOnly,
  onDelete,
  confirm,
  busy,
  children,
}: RowActionsProps) {
  const platform = usePlatform();
  const remove = (
    <Button size="1" variant="soft" color="red" aria-label={`Delete ${name}`} disabled={busy}>
      Delete
    </Button>
  );
  return (
    <Flex gap="2" justify="end" wrap="wrap" className="admin-row-actions">
      {!view && preview}
      {view && (
        <Button size="1" variant="soft" color="gray" asChild>
          <a
            href={platform.siteUrl(view)}
            aria-label={`View ${name}`}
            onClick={(event) => {
              event.preventDefault();
              platform.openExternal(platform.siteUrl(view));
            }}
          >
            View
          </a>
        </Button>
      )}
      <Button size="1" variant="soft" asChild>
        <Link to={edit} aria-label={`${readOnly ? 'Open' : 'Edit'} ${name}`}>
          {readOnly ? 'Open' : 'Edit'}
        </Link>
      </Button>
      {children}
      {!onDelete ? null : confirm ? (
        <ConfirmDialog
          trigger={remove}
          title={`Delete “${name}”?`}
          description={confirm}
          onConfirm={onDelete}
        />
      ) : (
        <Button
          size="1"
          variant="soft"
          color="red"
          aria-label={`Delete ${name}`}
          disabled={busy}
          onClick={onDelete}
        >
          Delete
        </Button>
      )}
    </Flex>
  );
}
