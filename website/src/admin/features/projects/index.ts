export { CategoriesPage } from './categories-page';
export { ProjectFormPage } from './project-form-page';
export { ProjectsPage } from './projects-page';
