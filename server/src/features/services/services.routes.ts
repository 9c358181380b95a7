import { MESSAGES, Service, ServiceList } from '@atelier/shared';
import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../../context';
import { errorResponses, idParam, jsonContent } from '../../http/openapi';
import { notFound } from '../../lib/errors';
import { findActiveService, listActiveServices } from './services.service';

const tags = ['Services'];
const ServiceIdParam = idParam(MESSAGES.invalidServiceId);

const list = createRoute({
  method: 'get',
  path: '/services',
  tags,
  summary: 'Active services by name',
  responses: { 200: jsonContent(ServiceList, 'The services') },
});

const byId = createRoute({
  method: 'get',
  path: '/services/{id}',
  tags,
  summary: 'One active service',
  request: { params: ServiceIdParam },
  responses: { 200: jsonContent(Service, 'The service'), ...errorResponses(400, 404) },
});

export const serviceRoutes = createRouter()
  .openapi(list, async (c) => c.json({ items: await listActiveServices(c.var.deps.db) }, 200))
  .openapi(byId, async (c) => {
    const service = await findActiveService(c.var.deps.db, c.req.valid('param').id);
    if (!service) throw notFound(MESSAGES.serviceNotFound);
    return c.json(service, 200);
  });
