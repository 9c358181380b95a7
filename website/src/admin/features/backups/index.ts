export { BackupsPage } from './backups-page';
