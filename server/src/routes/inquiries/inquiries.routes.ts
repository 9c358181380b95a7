import {
  ApiError as ApiErrorSchema,
  CreateInquiryInput,
  HONEYPOT_FIELD,
  InquiryCreated,
  MESSAGES,
} from '@atelier/shared';
import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../../context';
import { clientIp } from '../../lib/client-ip';
import { badRequest } from '../../lib/errors';
import { errorResponses, jsonContent } from '../../lib/openapi';
import { createInquiry } from './inquiries.service';

const create = createRoute({
  method: 'post',
  path: '/inquiries',
  tags: ['Inquiries'],
  summary: 'Sends a contact inquiry to the studio',
  request: { body: { content: { 'application/json': { schema: CreateInquiryInput } }, required: true } },
  responses: {
    201: jsonContent(InquiryCreated, 'The inquiry is stored'),
    400: errorResponses[400],
    413: jsonContent(ApiErrorSchema, 'The body is too large'),
    429: jsonContent(ApiErrorSchema, 'Too many inquiries from this address'),
  },
});

const router = createRouter();
// Counted before validation, so malformed floods are limited too.
router.use('/inquiries', async (c, next) => {
  const { env, limits } = c.var.deps;
  if (c.req.method === 'POST' && !env.BENCH) limits.inquiries.hit(clientIp(c));
  await next();
});

export const inquiryRoutes = router.openapi(create, (c) => {
  const { deps } = c.var;
  const input = c.req.valid('json');
  if (input[HONEYPOT_FIELD]) {
    deps.log.warn({ requestId: c.var.requestId }, 'inquiry rejected by the honeypot');
    throw badRequest(MESSAGES.inquiryRejected);
  }
  const created = createInquiry(deps.db, input);
  deps.log.info({ requestId: c.var.requestId, inquiryId: created.id }, 'inquiry received');
  return c.json(created, 201);
});
