export { MediaPage } from './media-page';
