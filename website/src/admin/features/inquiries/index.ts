export { InquiriesPage } from './inquiries-page';
export { InquiryPage } from './inquiry-page';
