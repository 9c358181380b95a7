import { CreateInquiryInput, InquiryCreated } from '@atelier/shared';
import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../../context';
import { clientIp } from '../../http/client-ip';
import { errorResponse, errorResponses, jsonBody, jsonContent } from '../../http/openapi';
import { receiveInquiry } from './inquiries.service';

const create = createRoute({
  method: 'post',
  path: '/inquiries',
  tags: ['Inquiries'],
  summary: 'Sends a contact inquiry to the studio',
  request: { body: jsonBody(CreateInquiryInput) },
  responses: {
    201: jsonContent(InquiryCreated, 'The inquiry is stored'),
    ...errorResponses(400),
    413: errorResponse('The body is too large'),
    429: errorResponse('Too many inquiries from this address'),
  },
});

const router = createRouter();
// Counted before validation, so malformed floods are limited too.
router.use('/inquiries', async (c, next) => {
  const { env, limits } = c.var.deps;
  if (c.req.method === 'POST' && !env.BENCH) await limits.inquiries.hit(clientIp(c));
  await next();
});

export const inquiryRoutes = router.openapi(create, async (c) =>
  c.json(await receiveInquiry(c.var.deps, c.req.valid('json'), c.var.requestId), 201),
);
