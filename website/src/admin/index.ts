/**
 * The admin panel's package entry (`@atelier/website/admin`): the browser shell and the desktop renderer
 * mount `AdminApp` with their `AdminPlatform`. Only this entry imports Radix Themes' CSS, so no public page
 * ever loads it.
 */
import '@radix-ui/themes/styles.css';
import './admin.css';

export { AdminApp } from './admin-app';
export type * from './platform';
