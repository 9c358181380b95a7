import { PageHeader } from '../../ui/page-header';

// Placeholder until the screen lands.
export const MediaPage = () => <PageHeader title="Media" />;
