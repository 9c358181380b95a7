import { DEFAULT_SETTINGS, type SiteSettings, type UpdateSettingsInput } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../db/audit';
import type { Db } from '../../db/client';
import { updateAudited } from '../../db/entity-writes';
import { siteSettings } from '../../db/schema';

/** The settings row, created with the defaults on first use of a database. */
export function getSettings(db: Db): SiteSettings {
  const row = db.select().from(siteSettings).where(eq(siteSettings.id, 'default')).get();
  if (row) return toSettings(row);
  ensureSettings(db);
  return getSettings(db);
}

export function ensureSettings(db: Db, values: Partial<typeof DEFAULT_SETTINGS> = {}): void {
  db.insert(siteSettings)
    .values({ id: 'default', ...DEFAULT_SETTINGS, ...values })
    .onConflictDoNothing()
    .run();
}

function toSettings(row: typeof siteSettings.$inferSelect): SiteSettings {
  const { id: _id, require_mfa_for: _mfa, ...settings } = row;
  return settings;
}

/** Saves the settings form (fields left out keep their values) with its audit entry. */
export function updateSettings(db: Db, actor: Actor, input: UpdateSettingsInput): SiteSettings {
  ensureSettings(db);
  const result = updateAudited(db, siteSettings, 'default', input, actor, {
    entityType: 'settings',
    label: () => 'Site settings',
  });
  if (!result) throw new Error('The settings row is missing');
  return toSettings(result.after);
}
