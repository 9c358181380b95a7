import {
  type AdminProjectCategory,
  ALL_CATEGORIES,
  CATEGORY_MESSAGES,
  categorySlug,
  ERROR_CODES,
  type ProjectCategory,
  type ProjectCategoryInput,
} from '@atelier/shared';
import { asc, count, eq, sql } from 'drizzle-orm';
import { type Actor, recordAudit } from '../../db/audit';
import { type Db, writeTransaction } from '../../db/client';
import { deleteAudited, insertAudited, updateAudited } from '../../db/entity-writes';
import { projectCategories, projects } from '../../db/schema';
import { ApiError, fieldProblem } from '../../lib/errors';

const inOrder = [asc(projectCategories.position), asc(projectCategories.name)];
const audit = { entityType: 'project_category', label: (row: { name: string }) => row.name };

/** The studio's categories in its order, as the public pages show them. */
export function listCategories(db: Db): ProjectCategory[] {
  return db
    .select({
      slug: projectCategories.slug,
      name: projectCategories.name,
      position: projectCategories.position,
    })
    .from(projectCategories)
    .orderBy(...inOrder)
    .all();
}

/** Every category in order, with how many projects (drafts included) each holds. */
export function listAdminCategories(db: Db): AdminProjectCategory[] {
  const counts = new Map(
    db
      .select({ category: projects.category, n: count() })
      .from(projects)
      .groupBy(projects.category)
      .all()
      .map((row) => [row.category, row.n]),
  );
  return db
    .select()
    .from(projectCategories)
    .orderBy(...inOrder)
    .all()
    .map((row) => ({ ...row, project_count: counts.get(row.slug) ?? 0 }));
}

const withCount = (db: Db, row: typeof projectCategories.$inferSelect): AdminProjectCategory => ({
  ...row,
  project_count:
    db.select({ n: count() }).from(projects).where(eq(projects.category, row.slug)).get()?.n ?? 0,
});

/** Refuses a name another category has (letter case aside) or whose slug another category has. */
function refuseTakenName(db: Db, name: string, exceptId?: string) {
  const slug = categorySlug(name);
  if (slug === ALL_CATEGORIES) throw fieldProblem('name', CATEGORY_MESSAGES.nameReserved);
  const taken = db
    .select({ id: projectCategories.id })
    .from(projectCategories)
    .where(sql`(lower(${projectCategories.name}) = lower(${name}) OR ${projectCategories.slug} = ${slug})`)
    .all()
    .some((row) => row.id !== exceptId);
  if (taken) throw fieldProblem('name', CATEGORY_MESSAGES.nameTaken);
}

/** A new category, last in the order; its slug is made from its name. */
export function createCategory(db: Db, actor: Actor, input: ProjectCategoryInput): AdminProjectCategory {
  return writeTransaction(db, () => {
    refuseTakenName(db, input.name);
    const last = db
      .select({ position: sql<number>`coalesce(max(${projectCategories.position}), -1)` })
      .from(projectCategories)
      .get();
    const row = insertAudited(
      db,
      projectCategories,
      { name: input.name, slug: categorySlug(input.name), position: (last?.position ?? -1) + 1 },
      actor,
      audit,
    );
    return { ...row, project_count: 0 };
  });
}

/** Renames a category; its slug, and so its projects and the links to it, stay. */
export function renameCategory(
  db: Db,
  actor: Actor,
  id: string,
  input: ProjectCategoryInput,
): AdminProjectCategory | undefined {
  return writeTransaction(db, () => {
    refuseTakenName(db, input.name, id);
    const result = updateAudited(db, projectCategories, id, { name: input.name }, actor, audit);
    return result && withCount(db, result.after);
  });
}

/** Puts the categories in the given order (every id once), with one activity entry. */
export function reorderCategories(db: Db, actor: Actor, ids: string[]): AdminProjectCategory[] {
  writeTransaction(db, () => {
    const known = db.select({ id: projectCategories.id }).from(projectCategories).all();
    if (known.length !== ids.length || known.some((row) => !ids.includes(row.id)))
      throw fieldProblem('ids', CATEGORY_MESSAGES.orderIncomplete);
    ids.forEach((id, position) => {
      db.update(projectCategories).set({ position }).where(eq(projectCategories.id, id)).run();
    });
    recordAudit(db, actor, {
      action: 'update',
      entityType: audit.entityType,
      entityId: null,
      label: 'Category order',
      changedFields: ['position'],
    });
  });
  return listAdminCategories(db);
}

/** Deletes a category that holds no project; one that does is refused (409) with how many it holds. */
export function deleteCategory(db: Db, actor: Actor, id: string): boolean {
  const deleted = deleteAudited(db, projectCategories, id, actor, {
    ...audit,
    check: (before) => {
      const held = withCount(db, before).project_count;
      if (held > 0) throw new ApiError(409, ERROR_CODES.conflict, CATEGORY_MESSAGES.inUse(held));
    },
  });
  return deleted !== undefined;
}

/** Refuses (400, at the form's category field) a project whose category is not one of the studio's. */
export function checkCategory(db: Db, slug: string) {
  const found = db
    .select({ id: projectCategories.id })
    .from(projectCategories)
    .where(eq(projectCategories.slug, slug))
    .get();
  if (!found) throw fieldProblem('category', CATEGORY_MESSAGES.unknown);
}
