import {
  AdminInquiryList,
  AdminInquiryListQuery,
  Inquiry,
  InquiryExportQuery,
  InquiryStatusInput,
  MESSAGES,
} from '@atelier/shared';
import { createRoute } from '@hono/zod-openapi';
import { actorOf, adminCrudRoutes, allow } from '../../http/admin-routes';
import { adminErrors, adminIdErrors, idParam, jsonBody, jsonContent } from '../../http/openapi';
import { notFound } from '../../lib/errors';
import {
  csvFileName,
  deleteInquiry,
  exportInquiriesCsv,
  findInquiry,
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
    remove: (deps, actor, id) => deleteInquiry(deps.db, actor, id),
  },
  before: (router) =>
    router.openapi(exportCsv, (c) =>
      c.body(exportInquiriesCsv(c.var.deps.db, c.req.valid('query')), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${csvFileName()}"`,
        'Cache-Control': 'no-store',
      }),
    ),
}).openapi(status, (c) => {
  const inquiry = setInquiryStatus(
    c.var.deps.db,
    actorOf(c),
    c.req.valid('param').id,
    c.req.valid('json').status,
  );
  if (!inquiry) throw notFound(MESSAGES.inquiryNotFound);
  return c.json(inquiry, 200);
});
