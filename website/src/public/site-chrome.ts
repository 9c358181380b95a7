/**
 * What the public site lends the account area: its header, footer, 404 page, pictures, live settings and
 * styles. The account area imports the public site through this module only (biome.json enforces it).
 */
import './styles.css';
import './styles/forms.css';

export { SignInLink } from './components/AccountSlot';
export { Footer } from './components/Footer';
export { Header } from './components/Header';
export { Picture } from './components/Picture';
export { useLiveSettings } from './lib/live-settings';
export { PageLocation } from './lib/page-location';
export { NotFound } from './pages/NotFound';
