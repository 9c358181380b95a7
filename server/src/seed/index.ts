import fs from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_SETTINGS,
  PROJECT_IMAGES_FOLDER_ID,
  type StorageBucket,
  slugify,
  tagLabels,
  youtubeId,
} from '@atelier/shared';
import { count } from 'drizzle-orm';
import { type Db, writeTransaction } from '../db/client';
import {
  blogPosts,
  mediaFiles,
  projects,
  services,
  siteSettings,
  teamMembers,
  youtubeVideos,
} from '../db/schema';
import type { Logger } from '../lib/logger';
import type { Storage } from '../storage/local';
import * as content from './content';
import { IMAGE_SIZE, IMAGERY_REVISION, kindOf, renderImage, type Shot } from './imagery';

const DAY_MS = 86_400_000;
const SEED_EPOCH = Date.parse('2026-11-01T08:00:00.000Z');
const daysAgo = (days: number) => new Date(SEED_EPOCH - days * DAY_MS).toISOString();
const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

/** True when none of the content tables has a row: the only state the seed ever writes to. */
async function isEmpty(db: Db): Promise<boolean> {
  for (const table of [projects, blogPosts, services, teamMembers, youtubeVideos])
    if (((await db.select({ n: count() }).from(table))[0]?.n ?? 0) !== 0) return false;
  return true;
}

interface ImageJob {
  bucket: StorageBucket;
  name: string;
  shot: Shot;
  seed: number;
  alt: string;
  /** The media library folder of the file (project photographs go to the fixed Project Images folder). */
  folder?: string;
}

/**
 * Renders an image once per (kind, seed) into `cacheDir`, so repeated seeds (tests, fresh data dirs)
 * copy files instead of drawing them again.
 */
async function imageBytes(job: ImageJob, cacheDir: string | undefined): Promise<Buffer> {
  if (!cacheDir) return renderImage(job.shot, job.seed);
  const cached = path.join(cacheDir, `r${IMAGERY_REVISION}-${job.shot}-${job.seed}.jpg`);
  try {
    return await fs.readFile(cached);
  } catch {
    const bytes = await renderImage(job.shot, job.seed);
    await fs.mkdir(cacheDir, { recursive: true });
    await fs.writeFile(`${cached}.${process.pid}.tmp`, bytes);
    await fs.rename(`${cached}.${process.pid}.tmp`, cached);
    return bytes;
  }
}

async function storeImages(jobs: ImageJob[], storage: Storage, cacheDir: string | undefined) {
  const stored = new Map<ImageJob, { url: string; row: typeof mediaFiles.$inferInsert }>();
  const queue = [...jobs];
  // Two workers: sharp renders on libuv threads, so this keeps both cores busy without thrashing.
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const bytes = await imageBytes(job, cacheDir);
      const [width, height] = IMAGE_SIZE;
      const file = await storage.put(job.bucket, job.name, bytes);
      stored.set(job, {
        url: file.url,
        row: {
          bucket: job.bucket,
          path: file.path,
          content_hash: file.hash,
          mime_type: 'image/jpeg',
          size_bytes: bytes.length,
          width,
          height,
          alt_text: job.alt,
          original_name: job.name,
          folder_id: job.folder ?? null,
          sample: true,
        },
      });
    }
  };
  await Promise.all([worker(), worker()]);
  return stored;
}

/**
 * Fills an empty database with the sample studio's content. Does nothing (and returns false) when any
 * content exists. Images are written first; all rows then go in one transaction, so a crash leaves
 * the database empty and the next start seeds again.
 */
export async function seedSampleContent(
  db: Db,
  storage: Storage,
  log: Logger,
  options: { cacheDir?: string } = {},
): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const started = performance.now();
  let seed = 1;
  const job = (bucket: StorageBucket, name: string, shot: Shot, alt: string): ImageJob => ({
    bucket,
    name,
    shot,
    seed: seed++,
    alt,
  });

  const projectJobs = content.projects.map((p) =>
    p.images.map((shot, i) => ({
      ...job('projects', `${slug(p.title)}-${i + 1}.jpg`, shot, altFor(p.title, shot, i)),
      folder: PROJECT_IMAGES_FOLDER_ID,
    })),
  );
  const postJobs = content.blogPosts.map((p) => job('blog', `${slug(p.title)}.jpg`, p.image, p.title));
  const serviceJobs = content.services.map((s) =>
    job('projects', `service-${slug(s.name)}.jpg`, s.image, s.name),
  );
  const stored = await storeImages(
    [...projectJobs.flat(), ...postJobs, ...serviceJobs],
    storage,
    options.cacheDir,
  );
  const url = (j: ImageJob) => stored.get(j)?.url ?? null;

  await writeTransaction(db, async () => {
    if (!(await isEmpty(db))) return;
    await db.insert(mediaFiles).values([...stored.values()].map((s) => s.row));
    await db.insert(projects).values(
      content.projects.map((p, i) => {
        const images = (projectJobs[i] ?? []).map((j) => url(j)).filter((u): u is string => u !== null);
        const created = daysAgo(p.created_days_ago);
        return {
          title: p.title,
          slug: slugify(p.title),
          description: p.description,
          category: p.category,
          location: p.location,
          client: p.client,
          status: p.status,
          project_type: p.project_type,
          completion_date: p.completion_date,
          featured: p.featured,
          images,
          thumbnail: images[0] ?? null,
          sample: true,
          created_at: created,
          updated_at: created,
        };
      }),
    );
    await db.insert(blogPosts).values(
      content.blogPosts.map((p, i) => {
        const published = p.publish_days_ago === null ? null : daysAgo(p.publish_days_ago);
        const created = daysAgo((p.publish_days_ago ?? 1) + 3);
        return {
          title: p.title,
          slug: slugify(p.title),
          excerpt: p.excerpt,
          content: p.content,
          featured_image: postJobs[i] ? url(postJobs[i]) : null,
          status: p.status,
          publish_date: published,
          seo_keywords: tagLabels(p.seo_keywords),
          views: p.views,
          sample: true,
          created_at: created,
          updated_at: published ?? created,
        };
      }),
    );
    await db.insert(services).values(
      content.services.map((s, i) => ({
        name: s.name,
        slug: slugify(s.name),
        description: s.description,
        image: serviceJobs[i] ? url(serviceJobs[i]) : null,
        icon: null,
        price_range: s.price_range,
        is_active: s.is_active,
        sample: true,
      })),
    );
    await db.insert(teamMembers).values(
      content.teamMembers.map((m) => ({
        name: m.name,
        role: m.role,
        quote: m.quote,
        // No photograph: the site sets a member's initials rather than a drawn face without features.
        image: null,
        facebook_url: m.facebook_url,
        instagram_url: m.instagram_url,
        linkedin_url: m.linkedin_url,
        created_at: daysAgo(m.created_days_ago),
        sample: true,
      })),
    );
    await db.insert(youtubeVideos).values(
      content.videos.map(({ created_days_ago, ...video }) => {
        if (!youtubeId(video.url)) throw new Error(`Sample video has an invalid URL: ${video.url}`);
        const created = daysAgo(created_days_ago);
        return { ...video, created_at: created, updated_at: created, sample: true };
      }),
    );
    await db
      .insert(siteSettings)
      .values({ id: 'default', ...DEFAULT_SETTINGS, ...content.settings })
      .onConflictDoNothing();
  });
  log.info(
    { images: stored.size, ms: Math.round(performance.now() - started) },
    'seeded the sample content into an empty database',
  );
  return true;
}

function altFor(title: string, shot: Shot, index: number): string {
  const view = { exterior: 'exterior view', interior: 'interior view', 'site-plan': 'site plan' }[
    kindOf(shot)
  ];
  return index === 0 ? `${title}: ${view}` : `${title}: ${view} ${index + 1}`;
}
