import { Readable } from 'node:stream';
import { BackupItem, BackupList, BackupSchedule } from '@atelier/shared';
import { createRoute, z } from '@hono/zod-openapi';
import { create as createTar } from 'tar';
import { createRouter } from '../../context';
import { allow } from '../../http/admin-routes';
import { adminErrors, errorResponse, errorResponses, jsonBody, jsonContent } from '../../http/openapi';
import { notFound } from '../../lib/errors';
import { listBackups } from './backup-folder';
import { listBackupItems, runBackup, updateBackupSchedule } from './backups.service';

const tags = ['Admin: backups'];

const list = createRoute({
  method: 'get',
  path: '/admin/backups',
  tags,
  ...allow('settings'),
  summary: 'The backups kept in BACKUP_DIR and the failed runs, newest first, with the schedule',
  responses: { 200: jsonContent(BackupList, 'The backups'), ...adminErrors },
});

const backUpNow = createRoute({
  method: 'post',
  path: '/admin/backups',
  tags,
  ...allow('settings'),
  summary: 'Backs up now (database, keys and media library) and answers the backup once it is complete',
  responses: {
    201: jsonContent(BackupItem, 'The new backup'),
    ...adminErrors,
    409: errorResponse('A backup is already running'),
    500: errorResponse('The backup failed (the run is recorded with its error)'),
  },
});

const schedule = createRoute({
  method: 'put',
  path: '/admin/backups/schedule',
  tags,
  ...allow('settings'),
  summary: "The nightly backup's time (server's clock) and how many daily and weekly backups are kept",
  request: { body: jsonBody(BackupSchedule) },
  responses: { 200: jsonContent(BackupSchedule, 'The saved schedule'), ...adminErrors },
});

const download = createRoute({
  method: 'get',
  path: '/admin/backups/{name}/download',
  tags,
  ...allow('settings'),
  summary: 'One backup folder as a .tar, streamed',
  request: { params: z.object({ name: z.string() }) },
  responses: {
    200: { content: { 'application/x-tar': { schema: { type: 'string' } } }, description: 'The backup' },
    ...adminErrors,
    ...errorResponses(404),
  },
});

export const backupAdminRoutes = createRouter()
  .openapi(list, async (c) => c.json(await listBackupItems(c.var.deps), 200))
  .openapi(backUpNow, async (c) => {
    const backup = await runBackup(c.var.deps, 'manual');
    const item = (await listBackupItems(c.var.deps)).backups.find((entry) => entry.name === backup.name);
    return c.json(BackupItem.parse(item), 201);
  })
  .openapi(schedule, async (c) => c.json(await updateBackupSchedule(c.var.deps.db, c.req.valid('json')), 200))
  .openapi(download, (c) => {
    const { name } = c.req.valid('param');
    const { backupDir } = c.var.deps.env;
    const backup = listBackups(backupDir).find((entry) => entry.name === name);
    if (!backup) throw notFound('No backup of that name.');
    const tar = createTar({ cwd: backupDir, portable: true }, [backup.name]);
    return c.body(Readable.toWeb(Readable.from(tar)) as ReadableStream, 200, {
      'Content-Type': 'application/x-tar',
      'Content-Disposition': `attachment; filename="${backup.name}.tar"`,
      'Cache-Control': 'no-store',
    });
  });
