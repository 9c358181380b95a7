import type { Db } from './client';
import { siteSettings } from './schema';

/** The studio's name, as the mails and the account pages show it. */
export const siteName = (db: Db) =>
  db.select({ name: siteSettings.site_name }).from(siteSettings).get()?.name ?? 'Atelier';
