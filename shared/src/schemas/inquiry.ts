import { z } from 'zod';
import { HONEYPOT_FIELD, INQUIRY_PROJECT_TYPES, INQUIRY_STATUSES } from '../constants';
import { ADMIN_MESSAGES as M } from '../messages';
import { adminListQuery, paginated, requiredText, SearchParam, Timestamp } from './common';

const keys = <T extends object>(record: T) =>
  Object.keys(record) as [keyof T & string, ...(keyof T & string)[]];

export const InquiryProjectType = z.enum(keys(INQUIRY_PROJECT_TYPES), {
  error: 'Please choose a project type',
});
/** A budget range's key; which keys the form offers is a setting (SiteTexts' budget_ranges), checked on receipt. */
export const InquiryBudget = z
  .string({ error: 'Please choose a budget range' })
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Please choose a budget range');
export const InquiryStatus = z.enum(INQUIRY_STATUSES);

export const CreateInquiryInput = z
  .object({
    client_name: requiredText('Please enter your full name', 120),
    email: z
      .string({ error: 'Please enter a valid email address' })
      .trim()
      .toLowerCase()
      .max(254, 'Please enter a valid email address')
      .pipe(z.email('Please enter a valid email address')),
    phone: requiredText('Please enter your phone number', 32).regex(
      /^\+?[0-9][0-9 ()-]{5,}$/,
      'Please enter a valid phone number',
    ),
    subject: requiredText('Please enter a subject', 200),
    project_type: InquiryProjectType,
    budget: InquiryBudget,
    message: requiredText('Please enter your message', 5000, true),
    [HONEYPOT_FIELD]: z.string().max(500).optional(),
  })
  .meta({ id: 'CreateInquiryInput' });
export type CreateInquiryInput = z.infer<typeof CreateInquiryInput>;

export const Inquiry = z
  .object({
    id: z.string(),
    client_name: z.string(),
    email: z.string(),
    phone: z.string(),
    subject: z.string(),
    project_type: z.string(),
    budget: z.string().nullable(),
    message: z.string(),
    status: InquiryStatus,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Inquiry' });
export type Inquiry = z.infer<typeof Inquiry>;

export const InquiryCreated = z.object({ id: z.string() }).meta({ id: 'InquiryCreated' });

export const InquiryStatusInput = z
  .object({ status: z.enum(INQUIRY_STATUSES, { error: M.statusRequired }) })
  .meta({ id: 'InquiryStatusInput' });
export type InquiryStatusInput = z.infer<typeof InquiryStatusInput>;

const statusFilter = z.enum(INQUIRY_STATUSES, { error: M.statusRequired }).optional();

export const INQUIRY_SORT_KEYS = [
  'created_at',
  'client_name',
  'email',
  'project_type',
  'status',
  'budget',
] as const;
export const AdminInquiryListQuery = adminListQuery(INQUIRY_SORT_KEYS, { status: statusFilter });
export type AdminInquiryListQuery = z.output<typeof AdminInquiryListQuery>;

/** The CSV export takes the list's search and filter (every matching row, newest first). */
export const InquiryExportQuery = z.object({ q: SearchParam, status: statusFilter });
export type InquiryExportQuery = z.output<typeof InquiryExportQuery>;

export const AdminInquiryList = paginated(Inquiry).meta({ id: 'AdminInquiryList' });
export type AdminInquiryList = z.infer<typeof AdminInquiryList>;

/** Who did something in the admin: their id and name (null once the account is deleted). */
const StaffRef = z.object({ id: z.string(), name: z.string() }).nullable();

export const InquiryStatusChange = z
  .object({ id: z.string(), from: InquiryStatus, to: InquiryStatus, by: StaffRef, at: Timestamp })
  .meta({ id: 'InquiryStatusChange' });
export type InquiryStatusChange = z.infer<typeof InquiryStatusChange>;

export const InquiryNote = z
  .object({ id: z.string(), body: z.string(), author: StaffRef, created_at: Timestamp })
  .meta({ id: 'InquiryNote' });
export type InquiryNote = z.infer<typeof InquiryNote>;

export const InquiryNoteInput = z
  .object({ body: requiredText(M.inquiryNoteRequired, 5000, true) })
  .meta({ id: 'InquiryNoteInput' });
export type InquiryNoteInput = z.infer<typeof InquiryNoteInput>;

/** What the staff did with an inquiry: its status changes and their notes, oldest first. */
export const InquiryLog = z
  .object({ status_changes: z.array(InquiryStatusChange), notes: z.array(InquiryNote) })
  .meta({ id: 'InquiryLog' });
export type InquiryLog = z.infer<typeof InquiryLog>;
