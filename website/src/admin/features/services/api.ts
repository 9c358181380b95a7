import { AdminServiceList, Service } from '@atelier/shared';
import { entityApi } from '../../api/entity';

export const servicesApi = entityApi({ path: 'services', item: Service, list: AdminServiceList });
