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
export async function listCategories(db: Db): Promise<ProjectCategory[]> {
  return await db
    .select({
      slug: projectCategories.slug,
      name: projectCategories.name,
      position: projectCategories.position,
    })
    .from(projectCategories)
    .orderBy(...inOrder);
}

/** Every category in order, with how many projects (drafts included) each holds. */
export async function listAdminCategories(db: Db): Promise<AdminProjectCategory[]> {
  const counts = new Map(
    (
      await db.select({ category: projects.category, n: count() }).from(projects).groupBy(projects.category)
    ).map((row) => [row.category, row.n]),
  );
  return (
    await db
      .select()
      .from(projectCategories)
      .orderBy(...inOrder)
  ).map((row) => ({ ...row, project_count: counts.get(row.slug) ?? 0 }));
}

const withCount = async (
  db: Db,
  row: typeof projectCategories.$inferSelect,
): Promise<AdminProjectCategory> => ({
  ...row,
  project_count:
    (await db.select({ n: count() }).from(projects).where(eq(projects.category, row.slug)))[0]?.n ?? 0,
});

/** Refuses a name another category has (letter case aside) or whose slug another category has. */
async function refuseTakenName(db: Db, name: string, exceptId?: string) {
  const slug = categorySlug(name);
  if (slug === ALL_CATEGORIES) throw fieldProblem('name', CATEGORY_MESSAGES.nameReserved);
  const taken = (
    await db
      .select({ id: projectCategories.id })
      .from(projectCategories)
      .where(sql`(lower(${projectCategories.name}) = lower(${name}) OR ${projectCategories.slug} = ${slug})`)
  ).some((row) => row.id !== exceptId);
  if (taken) throw fieldProblem('name', CATEGORY_MESSAGES.nameTaken);
}

/** A new category, last in the order; its slug is made from its name. */
export async function createCategory(
  db: Db,
  actor: Actor,
  input: ProjectCategoryInput,
): Promise<AdminProjectCategory> {
  return await writeTransaction(db, async () => {
    await refuseTakenName(db, input.name);
    const last = (
      await db
        .select({ position: sql<number>`coalesce(max(${projectCategories.position}), -1)` })
        .from(projectCategories)
    )[0];
    const row = await insertAudited(
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
export async function renameCategory(
  db: Db,
  actor: Actor,
  id: string,
  input: ProjectCategoryInput,
): Promise<AdminProjectCategory | undefined> {
  return await writeTransaction(db, async () => {
    await refuseTakenName(db, input.name, id);
    const result = await updateAudited(db, projectCategories, id, { name: input.name }, actor, audit);
    return result && (await withCount(db, result.after));
  });
}

/** Puts the categories in the given order (every id once), with one activity entry. */
export async function reorderCategories(
  db: Db,
  actor: Actor,
  ids: string[],
): Promise<AdminProjectCategory[]> {
  await writeTransaction(db, async () => {
    const known = await db.select({ id: projectCategories.id }).from(projectCategories);
    if (known.length !== ids.length || known.some((row) => !ids.includes(row.id)))
      throw fieldProblem('ids', CATEGORY_MESSAGES.orderIncomplete);
    for (const [position, id] of ids.entries())
      await db.update(projectCategories).set({ position }).where(eq(projectCategories.id, id));
    await recordAudit(db, actor, {
      action: 'update',
      entityType: audit.entityType,
      entityId: null,
      label: 'Category order',
      changedFields: ['position'],
    });
  });
  return await listAdminCategories(db);
}

/** Deletes a category that holds no project; one that does is refused (409) with how many it holds. */
export async function deleteCategory(db: Db, actor: Actor, id: string): Promise<boolean> {
  const deleted = await deleteAudited(db, projectCategories, id, actor, {
    ...audit,
    check: async (before) => {
      const held = (await withCount(db, before)).project_count;
      if (held > 0) throw new ApiError(409, ERROR_CODES.conflict, CATEGORY_MESSAGES.inUse(held));
    },
  });
  return deleted !== undefined;
}

/** Refuses (400, at the form's category field) a project whose category is not one of the studio's. */
export async function checkCategory(db: Db, slug: string) {
  const found = (
    await db
      .select({ id: projectCategories.id })
      .from(projectCategories)
      .where(eq(projectCategories.slug, slug))
  )[0];
  if (!found) throw fieldProblem('category', CATEGORY_MESSAGES.unknown);
}
