import type { CreateInquiryInput } from '@atelier/shared';
import type { Db } from '../../db/client';
import { inquiries } from '../../db/schema';

/** Stores a contact inquiry with status `new`; subject, project type and budget each in their own column. */
export function createInquiry(db: Db, input: CreateInquiryInput): { id: string } {
  const row = db
    .insert(inquiries)
    .values({
      client_name: input.client_name,
      email: input.email,
      phone: input.phone,
      subject: input.subject,
      project_type: input.project_type,
      budget: input.budget,
      message: input.message,
      status: 'new',
    })
    .returning({ id: inquiries.id })
    .get();
  return row;
}
