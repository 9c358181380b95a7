import {
  DEFAULT_SETTINGS,
  DEFAULT_TEXTS,
  type SiteSettings,
  type UpdateSettingsInput,
} from '@atelier/shared';
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../db/audit';
import type { Db } from '../../db/client';
import { updateAudited } from '../../db/entity-writes';
import { siteSettings } from '../../db/schema';
import type { ImageColumns, MediaUses } from '../../ports';

/** The header's logos and the favicon: where-used lists them, and keeps their files while they are set. */
export const settingsImages: ImageColumns = {
  entity_type: 'settings',
  audit_type: 'settings',
  table: siteSettings,
  title: sql`'Site settings'`,
  columns: [siteSettings.logo_light_url, siteSettings.logo_dark_url, siteSettings.favicon_url],
};

/** The settings row, created with the defaults on first use of a database. */
export async function getSettings(db: Db): Promise<SiteSettings> {
  const row = (await db.select().from(siteSettings).where(eq(siteSettings.id, 'default')))[0];
  if (row) return toSettings(row);
  await ensureSettings(db);
  return await getSettings(db);
}

export async function ensureSettings(db: Db, values: Partial<typeof DEFAULT_SETTINGS> = {}): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ id: 'default', ...DEFAULT_SETTINGS, ...values })
    .onConflictDoNothing();
}

function toSettings(row: typeof siteSettings.$inferSelect): SiteSettings {
  const { id: _id, require_mfa_for: _mfa, ...settings } = row;
  // A text added to the site after the row was last saved reads its default.
  return { ...settings, texts: { ...DEFAULT_TEXTS, ...settings.texts } };
}

/**
 * Saves the settings form (fields left out keep their values) with its audit entry; a logo or favicon it
 * replaces is removed from the library when nothing else shows it.
 */
export async function updateSettings(
  deps: { db: Db; media: Pick<MediaUses, 'releaseDropped'> },
  actor: Actor,
  input: UpdateSettingsInput,
): Promise<SiteSettings> {
  await ensureSettings(deps.db);
  const result = await updateAudited(deps.db, siteSettings, 'default', input, actor, {
    entityType: 'settings',
    label: () => 'Site settings',
  });
  if (!result) throw new Error('The settings row is missing');
  await deps.media.releaseDropped(settingsImages, result.before, result.after);
  return toSettings(result.after);
}
