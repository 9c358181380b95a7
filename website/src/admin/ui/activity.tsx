import type { ActivityEntry } from '@atelier/shared';
import { Badge, Text } from '@radix-ui/themes';

/** An action or item type as the Activity list writes it: `blog_post` → "Blog post". */
export const activityWords = (value: string) =>
  value.replace(/[_-]/g, ' ').replace(/^./, (first) => first.toUpperCase());

const ACTION_COLORS: Record<string, 'green' | 'gold' | 'red' | 'amber' | 'gray'> = {
  create: 'green',
  update: 'gold',
  delete: 'red',
  feature: 'amber',
  status: 'amber',
  invite: 'green',
  accept: 'green',
  reactivate: 'green',
  resend: 'gold',
  role: 'amber',
  transfer: 'amber',
  cancel: 'red',
  deactivate: 'red',
  submit: 'gold',
  return: 'amber',
  restore: 'green',
  purge: 'red',
  went_live: 'green',
};

/** What was done ("Create", "Status"), in the Activity list and the dashboard's Recent Activity alike. */
export function ActionBadge({ action }: { action: string }) {
  return (
    <Badge color={ACTION_COLORS[action] ?? 'gray'} highContrast>
      {activityWords(action)}
    </Badge>
  );
}

/**
 * Who did it: a staff member's address, "Scheduled publishing" for a post that went live at its date, or
 * "System" (a visitor's inquiry, the command line, the Trash's purge).
 */
export const actorWords = (entry: ActivityEntry) =>
  entry.actor?.email ?? (entry.action === 'went_live' ? 'Scheduled publishing' : 'System');

/** To what: the item's type over its name (as it was called when written). */
export function ActivityItem({ entry }: { entry: ActivityEntry }) {
  return (
    <>
      <Text as="div" size="2" color="gray">
        {activityWords(entry.entity_type)}
      </Text>
      <Text as="div">{entry.label ?? entry.entity_id ?? '—'}</Text>
    </>
  );
}
