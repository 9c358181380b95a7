export { ServiceFormPage } from './service-form-page';
export { ServicesPage } from './services-page';
