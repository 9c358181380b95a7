import { PageHeader } from '../../ui/page-header';

// Placeholder until the screen lands.
export const DashboardPage = () => <PageHeader title="Dashboard" />;
