import { PageHeader } from '../../ui/page-header';

// Placeholder until the screen lands.
export const BlogPage = () => <PageHeader title="Blog" />;
export const BlogFormPage = () => <PageHeader title="BlogForm" />;
