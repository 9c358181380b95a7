import { AdminProjectRow, type Dashboard, PROJECT_CATEGORIES, RecentInquiry } from '@atelier/shared';
import { count, desc, eq, gte, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { columnsOf } from '../../db/list-query';
import { blogPosts, inquiries, projects, teamMembers } from '../../db/schema';
import { publicProject } from '../../db/visibility';

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

/** The dashboard's cards, recent activity and the two charts, in a handful of indexed queries. */
export function loadDashboard(db: Db, now = new Date()): Dashboard {
  const total = (n: { n: number | string | null } | undefined) => Number(n?.n ?? 0);
  const weeks = weekStarts(now);
  // The Monday on or before each inquiry's day.
  const week = sql<string>`date(${inquiries.created_at}, '-6 days', 'weekday 1')`;
  const perWeek = new Map(
    db
      .select({ week, n: count() })
      .from(inquiries)
      .where(gte(inquiries.created_at, weeks[0]!))
      .groupBy(week)
      .all()
      .map((row) => [row.week, row.n]),
  );
  const perCategory = new Map(
    db
      .select({ category: projects.category, n: count() })
      .from(projects)
      .where(publicProject)
      .groupBy(projects.category)
      .all()
      .map((row) => [row.category, row.n]),
  );
  return {
    totals: {
      projects: total(db.select({ n: count() }).from(projects).get()),
      new_inquiries: total(
        db.select({ n: count() }).from(inquiries).where(eq(inquiries.status, 'new')).get(),
      ),
      blog_views: total(
        db
          .select({ n: sum(blogPosts.views) })
          .from(blogPosts)
          .get(),
      ),
      team_members: total(db.select({ n: count() }).from(teamMembers).get()),
    },
    recent: {
      inquiries: db
        .select(columnsOf(inquiries, RecentInquiry))
        .from(inquiries)
        .orderBy(desc(inquiries.created_at), desc(inquiries.id))
        .limit(2)
        .all() as RecentInquiry[],
      projects: db
        .select(columnsOf(projects, AdminProjectRow))
        .from(projects)
        .orderBy(desc(projects.created_at), desc(projects.id))
        .limit(2)
        .all() as AdminProjectRow[],
    },
    inquiries_per_week: weeks.map((week_start) => ({ week_start, count: perWeek.get(week_start) ?? 0 })),
    projects_per_category: PROJECT_CATEGORIES.map((category) => ({
      category,
      count: perCategory.get(category) ?? 0,
    })),
  };
}
