import type { Db } from './client';
import { siteSettings } from './schema';

/** The studio's name, as the mails and the account pages show it. */
export const siteName = async (db: Db) =>
  (await db.select({ name: siteSettings.site_name }).from(siteSettings))[0]?.name ?? 'Atelier';
