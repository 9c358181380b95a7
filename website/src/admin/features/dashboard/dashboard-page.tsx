import { type ActivityEntry, formatBytes, type WaitingForReview } from '@atelier/shared';
import { Badge, Box, Button, Callout, Card, Flex, Grid, Heading, Skeleton, Text } from '@radix-ui/themes';
import { format } from 'date-fns';
import { Link } from 'react-router-dom';
import { useCan } from '../../platform-context';
import { ActionBadge, activityWords, actorWords } from '../../ui/activity';
import { relativeTime } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { SampleContentCard } from '../../ui/sample-content-card';
import { useErrorToast } from '../../ui/use-error-toast';
import { useBackupState, useDashboard, useHealth } from './api';
import { BarChart } from './bar-chart';

const CARDS = [
  { key: 'projects', label: 'Total Projects', to: '/admin/projects' },
  { key: 'new_inquiries', label: 'New Inquiries', to: '/admin/inquiries?status=new' },
  { key: 'blog_views', label: 'Blog Views', to: '/admin/blog' },
  { key: 'team_members', label: 'Team Members', to: '/admin/team-members' },
] as const;

const KIND = {
  project: { label: 'Project', edit: '/admin/projects/edit/' },
  post: { label: 'Blog post', edit: '/admin/blog/edit/' },
} as const;

/** The drafts submitted for review, oldest first, each opening its edit form (for those who publish). */
function WaitingForReviewCard({ items }: { items: WaitingForReview[] }) {
  return (
    <Card size="3" mb="5" asChild>
      <section aria-labelledby="waiting-for-review">
        <Heading as="h2" size="3" weight="medium" mb="3" id="waiting-for-review">
          Waiting for review
        </Heading>
        {items.length === 0 ? (
          <Text as="p" color="gray" size="2">
            No drafts are waiting for review.
          </Text>
        ) : (
          <ul className="admin-plain admin-activity">
            {items.map((item) => (
              <li key={`${item.kind}-${item.id}`}>
                <Flex justify="between" align="center" gap="3" py="2">
                  <Box minWidth="0">
                    <Link to={`${KIND[item.kind].edit}${item.id}`} className="admin-link">
                      {item.title}
                    </Link>
                    <Text as="p" size="1" color="gray">
                      {item.author ? `${item.author} · ` : ''}
                      submitted <time dateTime={item.submitted_at}>{relativeTime(item.submitted_at)}</time>
                    </Text>
                  </Box>
                  <Badge color="gold">{KIND[item.kind].label}</Badge>
                </Flex>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

/** Where an entry's item is edited (none once it is deleted). */
const ITEM_PAGES: Record<string, string> = { project: '/admin/projects/edit/', inquiry: '/admin/inquiries/' };

/** An entry of Recent Activity: the item as the Activity list names it, a link to it while it exists. */
function RecentItem({ entry }: { entry: ActivityEntry }) {
  const page = ITEM_PAGES[entry.entity_type];
  const name = entry.label ?? entry.entity_id ?? '—';
  return (
    <Text as="p" size="2">
      <Text color="gray">{activityWords(entry.entity_type)}: </Text>
      {page && entry.entity_id && entry.action !== 'delete' ? (
        <Link to={`${page}${entry.entity_id}`} className="admin-link">
          {name}
        </Link>
      ) : (
        name
      )}
    </Text>
  );
}

/** For those who manage the studio's settings: the data folder's disk is below the warning threshold. */
function DiskWarning() {
  const disk = useHealth(useCan('settings')).data?.disk;
  if (disk?.status !== 'low') return null;
  return (
    <Callout.Root color="red" mb="5" role="alert">
      <Callout.Text>
        The server's disk is almost full: {formatBytes(disk.free_bytes)} free of{' '}
        {formatBytes(disk.total_bytes)} (the warning starts below {formatBytes(disk.warning_bytes)}). When it
        is full, uploads and saves fail: free some space, or move the data folder to a larger disk.
      </Callout.Text>
    </Callout.Root>
  );
}

/** For those who manage the studio's settings: no good backup for BACKUP_STALE_HOURS. */
function BackupWarning() {
  const backups = useBackupState(useCan('settings')).data;
  if (!backups?.stale) return null;
  return (
    <Callout.Root color="amber" mb="5" role="alert">
      <Callout.Text>
        {backups.last_good_at
          ? `The last complete backup is from ${relativeTime(backups.last_good_at)}.`
          : 'The site has never been backed up.'}{' '}
        Without a recent backup, a broken disk loses the studio's work:{' '}
        <Link to="/admin/backups">back up now</Link>.
      </Callout.Text>
    </Callout.Root>
  );
}

/**
 * /admin/dashboard: the figures, quick actions, the drafts waiting for review (for those who publish), recent
 * activity and the charts. A role that may not read inquiries gets no inquiry figures from the server, and
 * no card, chart or button for them here.
 */
export function DashboardPage() {
  const dashboard = useDashboard();
  useErrorToast(dashboard.error, 'Failed to load dashboard data');
  const data = dashboard.data;
  const inquiries = useCan('inquiries');
  const cards = CARDS.filter((card) => inquiries || card.key !== 'new_inquiries');

  return (
    <>
      <PageHeader
        title="Dashboard"
        lead="The studio at a glance."
        actions={
          <>
            <Button asChild>
              <Link to="/admin/projects/new">Add Project</Link>
            </Button>
            <Button asChild variant="soft">
              <Link to="/admin/blog/new">New Blog Post</Link>
            </Button>
            {inquiries && (
              <Button asChild variant="soft" color="gray">
                <Link to="/admin/inquiries">Review Inquiries</Link>
              </Button>
            )}
          </>
        }
      />
      <DiskWarning />
      <BackupWarning />
      <SampleContentCard offer />
      <Grid columns={{ initial: '2', md: String(cards.length) }} gap="4" asChild>
        <ul className="admin-plain admin-stats">
          {cards.map((card) => (
            <li key={card.key}>
              <Card asChild size="3">
                <Link to={card.to} className="admin-stat">
                  <Text as="p" size="2" color="gray">
                    {card.label}
                  </Text>
                  <Skeleton loading={!data}>
                    <Text as="p" size="8" weight="medium" mt="2">
                      {data ? (data.totals[card.key] ?? 0).toLocaleString('en') : '000'}
                    </Text>
                  </Skeleton>
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      </Grid>
      {data?.waiting_for_review && <WaitingForReviewCard items={data.waiting_for_review} />}
      <Grid columns={{ initial: '1', lg: inquiries ? '2' : '1' }} gap="4" mb="5">
        {inquiries && (
          <BarChart
            title="Inquiries per week"
            caption="The last 12 weeks"
            unit="inquiries"
            empty="No inquiries in the last 12 weeks."
            bars={data?.inquiries_per_week?.map((week) => ({
              label: `Week of ${format(new Date(`${week.week_start}T00:00:00`), 'MMM d, yyyy')}`,
              short: format(new Date(`${week.week_start}T00:00:00`), 'MMM d'),
              value: week.count,
            }))}
          />
        )}
        <BarChart
          title="Published projects per category"
          caption="Projects visible on the website"
          unit="projects"
          empty="No projects are published yet."
          bars={data?.projects_per_category.map((row) => ({
            label: row.name,
            short: row.name,
            value: row.count,
          }))}
        />
      </Grid>
      <Card size="3">
        <Heading as="h2" size="3" weight="medium" mb="3">
          Recent Activity
        </Heading>
        {data?.recent.length === 0 && (
          <Text as="p" color="gray" size="2">
            No recent activity found
          </Text>
        )}
        <ul className="admin-plain admin-activity">
          {data?.recent.map((entry) => (
            <li key={entry.id}>
              <Flex justify="between" align="center" gap="3" py="2">
                <Box minWidth="0">
                  <RecentItem entry={entry} />
                  <Text as="p" size="1" color="gray">
                    {actorWords(entry)} ·{' '}
                    <time dateTime={entry.created_at}>{relativeTime(entry.created_at)}</time>
                  </Text>
                </Box>
                <ActionBadge action={entry.action} />
              </Flex>
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
}
