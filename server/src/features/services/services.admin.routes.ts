import {
  AdminService,
  AdminServiceList,
  AdminServiceListQuery,
  CreateServiceInput,
  MESSAGES,
  UpdateServiceInput,
} from '@atelier/shared';
import { serviceAuthorship } from '../../db/authorship';
import { adminCrudRoutes } from '../../http/admin-routes';
import { idParam } from '../../http/openapi';
import type { Revisioned } from '../../ports';
import {
  createService,
  deleteService,
  findService,
  listAdminServices,
  serviceImages,
  updateService,
} from './services.service';

export const serviceAdminRoutes = adminCrudRoutes({
  path: '/admin/services',
  tag: 'Admin: services',
  noun: 'service',
  schemas: {
    entity: AdminService,
    list: AdminServiceList,
    query: AdminServiceListQuery,
    id: idParam(MESSAGES.invalidServiceId),
    create: CreateServiceInput,
    update: UpdateServiceInput,
  },
  access: { read: 'staff', write: 'write' },
  notFoundMessage: MESSAGES.serviceNotFound,
  images: serviceImages,
  bulk: { edits: { publish: { is_active: true }, unpublish: { is_active: false } } },
  service: {
    list: listAdminServices,
    find: findService,
    create: async (deps, actor, input) => await createService(deps.db, actor, input),
    update: updateService,
    remove: deleteService,
  },
});

/** A service's history: its edit rights, its PUT's body and update. */
export const serviceRevisions: Revisioned = {
  path: 'services',
  permission: 'write',
  authorship: serviceAuthorship,
  notFoundMessage: MESSAGES.serviceNotFound,
  find: findService,
  input: UpdateServiceInput,
  save: updateService,
  images: serviceImages,
};
