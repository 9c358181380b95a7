import { z } from 'zod';

/** What a site export brings (checked only) or brought (imported): rows per table, and the new staff accounts. */
export const SiteImportSummary = z
  .object({
    counts: z.record(z.string(), z.number().int()),
    /** Staff accounts made by the import: they have no password until they set one ("Forgot your password?"). */
    accounts: z.array(z.string()),
  })
  .meta({ id: 'SiteImportSummary' });
export type SiteImportSummary = z.infer<typeof SiteImportSummary>;

/** Whether an export may be imported: only into a site with nothing of its own (`own` says what it has). */
export const SiteImportStatus = z
  .object({ empty: z.boolean(), own: z.string() })
  .meta({ id: 'SiteImportStatus' });
export type SiteImportStatus = z.infer<typeof SiteImportStatus>;

/** A WordPress export's blog posts: what an import would bring (preview) or brought, and what it leaves out. */
export const WordPressImportSummary = z
  .object({
    /** The WordPress site's address: only images under it are fetched. */
    site: z.string(),
    posts: z.number().int(),
    drafts: z.number().int(),
    /** Images to fetch (preview) or fetched (import) from the site's address. */
    images: z.number().int(),
    skipped: z.array(z.object({ item: z.string(), reason: z.string() })),
  })
  .meta({ id: 'WordPressImportSummary' });
export type WordPressImportSummary = z.infer<typeof WordPressImportSummary>;
