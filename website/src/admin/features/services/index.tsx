import { PageHeader } from '../../ui/page-header';

// Placeholder until the screen lands.
export const ServicesPage = () => <PageHeader title="Services" />;
export const ServiceFormPage = () => <PageHeader title="ServiceForm" />;
