export { DescribeImagesPage } from './describe-page';
export { MediaPage } from './media-page';
