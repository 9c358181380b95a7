import { AdminService, AdminServiceList } from '@atelier/shared';
import { entityApi } from '../../api/entity';

export const servicesApi = entityApi({ path: 'services', item: AdminService, list: AdminServiceList });
