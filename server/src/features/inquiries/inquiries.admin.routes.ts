import {
  ADMIN_MESSAGES,
  AdminInquiryList,
  AdminInquiryListQuery,
  Inquiry,
  InquiryExportQuery,
  InquiryLog,
  InquiryNote,
  InquiryNoteInput,
  InquiryStatusInput,
  MESSAGES,
} from '@atelier/shared';
import { createRoute, z } from '@hono/zod-openapi';
import { actorOf, adminCrudRoutes, allow } from '../../http/admin-routes';
import { adminErrors, adminIdErrors, idParam, jsonBody, jsonContent } from '../../http/openapi';
import { notFound } from '../../lib/errors';
import {
  addInquiryNote,
  csvFileName,
  deleteInquiry,
  deleteInquiryNote,
  exportInquiriesCsv,
  findInquiry,
  inquiryLog,
  listAdminInquiries,
  setInquiryStatus,
} from './inquiries.service';

const tags = ['Admin: inquiries'];
const InquiryIdParam = idParam(MESSAGES.invalidInquiryId);

const status = createRoute({
  method: 'patch',
  path: '/admin/inquiries/{id}/status',
  tags,
  ...allow('inquiries'),
  summary: 'Sets an inquiry status (any to any); updated_at is set',
  request: {
    params: InquiryIdParam,
    body: jsonBody(InquiryStatusInput),
  },
  responses: { 200: jsonContent(Inquiry, 'The inquiry'), ...adminIdErrors },
});

const log = createRoute({
  method: 'get',
  path: '/admin/inquiries/{id}/log',
  tags,
  ...allow('inquiries'),
  summary: "The inquiry's status history (from, to, who, when) and the staff's notes, oldest first",
  request: { params: InquiryIdParam },
  responses: { 200: jsonContent(InquiryLog, 'Its history and notes'), ...adminIdErrors },
});

const addNote = createRoute({
  method: 'post',
  path: '/admin/inquiries/{id}/notes',
  tags,
  ...allow('inquiries'),
  summary: 'Adds an internal note by the caller',
  request: { params: InquiryIdParam, body: jsonBody(InquiryNoteInput) },
  responses: { 201: jsonContent(InquiryNote, 'The note'), ...adminIdErrors },
});

const NoteParams = InquiryIdParam.extend({
  noteId: z.string().trim().min(1, ADMIN_MESSAGES.inquiryNoteNotFound).max(100),
});
const removeNote = createRoute({
  method: 'delete',
  path: '/admin/inquiries/{id}/notes/{noteId}',
  tags,
  ...allow('inquiries'),
  summary: 'Deletes a note: its author may, and owners and administrators may delete any (else 403)',
  request: { params: NoteParams },
  responses: { 204: { description: 'Deleted' }, ...adminIdErrors },
});

const exportCsv = createRoute({
  method: 'get',
  path: '/admin/inquiries/export.csv',
  tags,
  ...allow('inquiries'),
  summary: 'The filtered inquiries as CSV (UTF-8 with BOM, RFC 4180, formula cells neutralised)',
  request: { query: InquiryExportQuery },
  responses: {
    200: { content: { 'text/csv': { schema: { type: 'string' } } }, description: 'The CSV file' },
    ...adminErrors,
  },
});

// The export is registered before the CRUD routes so `export.csv` is never taken for an id.
export const inquiryAdminRoutes = adminCrudRoutes({
  path: '/admin/inquiries',
  tag: tags[0]!,
  noun: 'inquiry',
  schemas: { entity: Inquiry, list: AdminInquiryList, query: AdminInquiryListQuery, id: InquiryIdParam },
  access: { read: 'inquiries', write: 'inquiries' },
  notFoundMessage: MESSAGES.inquiryNotFound,
  service: {
    list: listAdminInquiries,
    find: findInquiry,
    remove: async (deps, actor, id) => await deleteInquiry(deps.db, actor, id),
  },
  before: (router) =>
    router.openapi(exportCsv, async (c) =>
      c.body(await exportInquiriesCsv(c.var.deps.db, c.req.valid('query')), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${csvFileName()}"`,
        'Cache-Control': 'no-store',
      }),
    ),
})
  .openapi(status, async (c) => {
    const inquiry = await setInquiryStatus(
      c.var.deps.db,
      actorOf(c),
      c.req.valid('param').id,
      c.req.valid('json').status,
    );
    if (!inquiry) throw notFound(MESSAGES.inquiryNotFound);
    return c.json(inquiry, 200);
  })
  .openapi(log, async (c) => {
    const found = await inquiryLog(c.var.deps.db, c.req.valid('param').id);
    if (!found) throw notFound(MESSAGES.inquiryNotFound);
    return c.json(found, 200);
  })
  .openapi(addNote, async (c) => {
    const { id } = c.req.valid('param');
    const note = await addInquiryNote(c.var.deps.db, actorOf(c), id, c.req.valid('json').body);
    if (!note) throw notFound(MESSAGES.inquiryNotFound);
    return c.json(note, 201);
  })
  .openapi(removeNote, async (c) => {
    const { id, noteId } = c.req.valid('param');
    if (!(await deleteInquiryNote(c.var.deps.db, actorOf(c), id, noteId))) {
      throw notFound(ADMIN_MESSAGES.inquiryNoteNotFound);
    }
    return c.body(null, 204);
  });
