import { PageHeader } from '../../ui/page-header';

// Placeholder until the screen lands.
export const TeamPage = () => <PageHeader title="Team" />;
export const TeamMemberFormPage = () => <PageHeader title="TeamMemberForm" />;
