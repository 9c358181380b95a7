/**
 * The admin panel's package entry (`@atelier/website/admin`): the browser shell and the desktop renderer
 * mount `AdminApp` with their `AdminPlatform`. Only this entry imports Radix Themes' CSS, so no public page
 * ever loads it. The studio's typefaces come with it, so the desktop app (which loads no public
 * stylesheet) sets its text in them too.
 */
import '@fontsource-variable/inter/wght.css';
import '@fontsource/cormorant-garamond/latin-500.css';
import '@radix-ui/themes/styles.css';
import './admin.css';

export { AdminApp } from './admin-app';
export type * from './platform';
