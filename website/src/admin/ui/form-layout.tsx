import { Button, Card, Flex, Grid } from '@radix-ui/themes';
import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * A form's card, its fields in one or two columns, and its actions: Cancel, Preview, any of the form's own
 * (`actions`: the review step's) and the submit button (none when `readOnly`). A `wide` form (a writing screen) gives
 * its main card more of a large screen.
 */
export function FormLayout({
  label,
  onSubmit,
  submitLabel,
  busy,
  cancelTo,
  children,
  aside,
  actions,
  preview,
  checks,
  readOnly,
  wide,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  busy: boolean;
  cancelTo: string;
  children: ReactNode;
  aside?: ReactNode;
  actions?: ReactNode;
  /** The saved item's Preview button (an item being created has none). */
  preview?: ReactNode;
  /** The publish checks, shown beside the actions. */
  checks?: ReactNode;
  readOnly?: boolean;
  wide?: boolean;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Grid
        columns={{ initial: '1', md: aside ? '5fr 3fr' : '1', lg: aside && wide ? '5fr 2fr' : undefined }}
        gap="5"
        align="start"
      >
        <Card size="3">
          <Flex direction="column" gap="4">
            {children}
          </Flex>
        </Card>
        {aside && (
          <Card size="3">
            <Flex direction="column" gap="4">
              {aside}
            </Flex>
          </Card>
        )}
      </Grid>
      {checks && (
        <Flex mt="5" justify="end">
          {checks}
        </Flex>
      )}
      <Flex gap="3" mt="5" justify="end" wrap="wrap">
        <Button type="button" variant="soft" color="gray" size="3" asChild>
          <Link to={cancelTo}>{readOnly ? 'Back' : 'Cancel'}</Link>
        </Button>
        {preview}
        {actions}
        {!readOnly && (
          <Button type="submit" size="3" loading={busy}>
            {submitLabel}
          </Button>
        )}
      </Flex>
    </form>
  );
}
