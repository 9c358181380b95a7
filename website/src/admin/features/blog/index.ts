export { BlogFormPage } from './blog-form-page';
export { BlogPage } from './blog-page';
