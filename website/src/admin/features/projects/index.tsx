import { PageHeader } from '../../ui/page-header';

// Placeholder until the screen lands.
export const ProjectsPage = () => <PageHeader title="Projects" />;
export const ProjectFormPage = () => <PageHeader title="ProjectForm" />;
