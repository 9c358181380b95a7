export { InquiriesPage } from './inquiries-page';
