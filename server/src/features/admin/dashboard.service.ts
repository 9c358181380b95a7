import type { ActivityEntry, Dashboard, WaitingForReview } from '@atelier/shared';
import { and, asc, count, eq, gte, inArray, sql, sum } from 'drizzle-orm';
import type { Actor } from '../../db/audit';
import { limitedActor, postAuthorship, projectAuthorship, staffName, visibleTo } from '../../db/authorship';
import type { Db } from '../../db/client';
import {
  auditLog,
  blogPosts,
  inquiries,
  profiles,
  projectCategories,
  projects,
  teamMembers,
  users,
} from '../../db/schema';
import { mondayOf } from '../../db/sql-dialect';
import { publicProject } from '../../db/visibility';
import { latestActivity } from './activity.service';

const WEEKS = 12;
const DAY_MS = 86_400_000;

/** The Mondays (UTC, YYYY-MM-DD) of the last `WEEKS` weeks, oldest first, this week last. */
function weekStarts(now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = today - ((now.getUTCDay() + 6) % 7) * DAY_MS;
  return Array.from({ length: WEEKS }, (_, i) =>
    new Date(monday - (WEEKS - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10),
  );
}

/**
 * The drafts in review, oldest submission first: kind, title, author and when it was (last) submitted, read
 * from the audit log's `submit` entries.
 */
async function waitingForReview(db: Db): Promise<WaitingForReview[]> {
  const reviewed = [
    { kind: 'project', table: projects, author: projects.user_id, entity: 'project' },
    { kind: 'post', table: blogPosts, author: blogPosts.author_id, entity: 'blog_post' },
  ] as const;
  const waiting = await Promise.all(
    reviewed.map(async ({ kind, table, author, entity }) =>
      (
        await db
          .select({
            id: table.id,
            title: table.title,
            updated_at: table.updated_at,
            email: users.email,
            first_name: profiles.first_name,
            last_name: profiles.last_name,
            submitted_at: sql<string | null>`(SELECT max(${auditLog.created_at}) FROM ${auditLog}
            WHERE ${auditLog.entity_type} = ${entity} AND ${auditLog.entity_id} = ${table.id}
            AND ${auditLog.action} = 'submit')`,
          })
          .from(table)
          .leftJoin(users, eq(users.id, author))
          .leftJoin(profiles, eq(profiles.id, author))
          .where(and(eq(table.status, 'draft'), eq(table.review_status, 'in_review')))
      ).map((row) => ({
        kind,
        id: row.id,
        title: row.title,
        author: row.email ? staffName({ ...row, email: row.email }) : null,
        submitted_at: row.submitted_at ?? row.updated_at,
      })),
    ),
  );
  return waiting.flat().sort((a, b) => a.submitted_at.localeCompare(b.submitted_at));
}

const newestFirst = (entries: ActivityEntry[]) =>
  entries.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));

/**
 * The dashboard's cards, recent activity and the two charts, in a handful of indexed queries, counting only
 * what `actor` may see: a contributor's projects are the published ones and their own drafts, their blog
 * views those of the posts they see; no inquiry figures without `inquiries`; the drafts waiting for review
 * for those who publish.
 */
export async function loadDashboard(db: Db, actor: Actor, now = new Date()): Promise<Dashboard> {
  const total = (n: { n: number | string | null } | undefined) => Number(n?.n ?? 0);
  const weeks = weekStarts(now);
  const seenProjects = visibleTo(actor, projectAuthorship);
  const dashboard: Dashboard = {
    totals: {
      projects: total((await db.select({ n: count() }).from(projects).where(seenProjects))[0]),
      blog_views: total(
        (
          await db
            .select({ n: sum(blogPosts.views) })
            .from(blogPosts)
            .where(visibleTo(actor, postAuthorship))
        )[0],
      ),
      team_members: total((await db.select({ n: count() }).from(teamMembers))[0]),
    },
    // A contributor reads only of the projects they see; the others of every project, deleted ones too.
    recent: await latestActivity(
      db,
      'project',
      2,
      limitedActor(actor, 'publish')
        ? inArray(auditLog.entity_id, db.select({ id: projects.id }).from(projects).where(seenProjects))
        : undefined,
    ),
    projects_per_category: await projectsPerCategory(db),
  };
  if (!limitedActor(actor, 'publish')) dashboard.waiting_for_review = await waitingForReview(db);
  if (limitedActor(actor, 'inquiries')) return dashboard;
  // The Monday on or before each inquiry's day.
  const week = sql<string>`${mondayOf(db, inquiries.created_at)}`;
  const perWeek = new Map(
    (
      await db
        .select({ week, n: count() })
        .from(inquiries)
        .where(gte(inquiries.created_at, weeks[0]!))
        .groupBy(week)
    ).map((row) => [row.week, row.n]),
  );
  dashboard.totals.new_inquiries = total(
    (await db.select({ n: count() }).from(inquiries).where(eq(inquiries.status, 'new')))[0],
  );
  dashboard.recent = newestFirst([...dashboard.recent, ...(await latestActivity(db, 'inquiry', 2))]);
  dashboard.inquiries_per_week = weeks.map((week_start) => ({
    week_start,
    count: perWeek.get(week_start) ?? 0,
  }));
  return dashboard;
}

/** Published projects per category, every category listed (0 included). */
async function projectsPerCategory(db: Db) {
  const perCategory = new Map(
    (
      await db
        .select({ category: projects.category, n: count() })
        .from(projects)
        .where(publicProject)
        .groupBy(projects.category)
    ).map((row) => [row.category, row.n]),
  );
  return (
    await db
      .select({ category: projectCategories.slug, name: projectCategories.name })
      .from(projectCategories)
      .orderBy(asc(projectCategories.position), asc(projectCategories.name))
  ).map((row) => ({ ...row, count: perCategory.get(row.category) ?? 0 }));
}
