import { Button, Flex } from '@radix-ui/themes';
import { Link } from 'react-router-dom';
import { usePlatform } from '../platform-context';
import { ConfirmDialog } from './confirm-dialog';

interface RowActionsProps {
  /** What the row is ("Lakeside House"): the buttons' accessible names carry it. */
  name: string;
  /** The public page to view, when there is one. */
  view?: string;
  edit: string;
  onDelete(): void;
  /** The confirmation's text; none deletes at once (team members). */
  confirm?: string;
  busy?: boolean;
}

/** View / Edit / Delete of a list row. */
export function RowActions({ name, view, edit, onDelete, confirm, busy }: RowActionsProps) {
  const platform = usePlatform();
  const remove = (
    <Button size="1" variant="soft" color="red" aria-label={`Delete ${name}`} disabled={busy}>
      Delete
    </Button>
  );
  return (
    <Flex gap="2" justify="end" wrap="wrap">
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
        <Link to={edit} aria-label={`Edit ${name}`}>
          Edit
        </Link>
      </Button>
      {confirm ? (
        <ConfirmDialog trigger={remove} title="Are you sure?" description={confirm} onConfirm={onDelete} />
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
