export { MediaPage } from './media-page';
export { DescribeImagesPage } from './describe-page';
