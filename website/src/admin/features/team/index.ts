export { TeamMemberFormPage } from './team-member-form-page';
export { TeamPage } from './team-page';
