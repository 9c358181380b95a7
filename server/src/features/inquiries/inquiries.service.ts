import {
  ADMIN_MESSAGES,
  type AdminInquiryListQuery,
  budgetLabel,
  type CreateInquiryInput,
  DEFAULT_TEXTS,
  ERROR_CODES,
  HONEYPOT_FIELD,
  INQUIRY_PROJECT_TYPES,
  INQUIRY_STATUS_LABELS,
  type Inquiry,
  type InquiryExportQuery,
  type InquiryLog,
  type InquiryNote,
  type InquiryStatusInput,
  MESSAGES,
  PERMISSIONS,
} from '@atelier/shared';
import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { type Actor, recordAudit } from '../../db/audit';
import { mayTouch, staffName } from '../../db/authorship';
import { type Db, writeTransaction } from '../../db/client';
import { deleteAudited, findById, updateAudited } from '../../db/entity-writes';
import { listPage, orderBy, searchAny } from '../../db/list-query';
import {
  inquiries,
  inquiryNotes,
  inquiryStatusChanges,
  profiles,
  siteSettings,
  users,
} from '../../db/schema';
import { nowIso } from '../../db/schema/columns';
import { siteName } from '../../db/site-name';
import type { Env } from '../../env';
import { toCsv } from '../../lib/csv';
import { ApiError, badRequest, fieldProblem } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../mail/mailer';
import { inquiryMail } from '../../mail/templates';
import type { Feeds } from '../../ports';

// The id too: a prepared statement would otherwise bake in the one id generated when it was prepared.
const FIELDS = [
  'id',
  'client_name',
  'email',
  'phone',
  'subject',
  'project_type',
  'budget',
  'message',
] as const;

/** Stores a contact inquiry with status `new`; subject, project type and budget each in their own column. */
export async function createInquiry(db: Db, input: CreateInquiryInput): Promise<{ id: string }> {
  const values = { ...input, id: crypto.randomUUID() };
  const [row] = await db
    .insert(inquiries)
    .values({
      ...Object.fromEntries(FIELDS.map((field) => [field, values[field]])),
      status: 'new',
    } as typeof inquiries.$inferInsert)
    .returning({ id: inquiries.id });
  if (!row) throw new Error('The inquiry insert returned no row');
  return row;
}

/**
 * Who hears of a new inquiry: the studio's contact address, and active staff whose role may read inquiries
 * and who asked for it on their profile; each address once.
 */
export async function inquiryRecipients(db: Db): Promise<string[]> {
  const contact = (await db.select({ email: siteSettings.contact_email }).from(siteSettings))[0]?.email;
  const staff = (
    await db
      .select({ email: users.email })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(
        and(
          inArray(profiles.role, [...PERMISSIONS.inquiries]),
          eq(profiles.notify_inquiries, true),
          isNull(users.deactivated_at),
        ),
      )
  ).map((row) => row.email);
  const seen = new Set<string>();
  return [contact, ...staff].filter((email): email is string => {
    const key = email?.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The studio's texts: the budget ranges the contact form offers, and their currency. */
const studioTexts = async (db: Db) =>
  (await db.select({ texts: siteSettings.texts }).from(siteSettings))[0]?.texts ?? DEFAULT_TEXTS;

/** The mail of a new inquiry: every field, and the link that opens it in the admin panel. */
async function mailOf(db: Db, publicUrl: string, id: string, input: CreateInquiryInput) {
  return inquiryMail(
    await siteName(db),
    {
      name: input.client_name,
      subject: input.subject,
      facts: [
        ['Name', input.client_name],
        ['E-mail', input.email],
        ['Phone', input.phone],
        ['Subject', input.subject],
        ['Project type', INQUIRY_PROJECT_TYPES[input.project_type]],
        ['Budget', budgetLabel(await studioTexts(db), input.budget) ?? input.budget],
      ],
      message: input.message,
    },
    `${publicUrl}/admin/inquiries/${encodeURIComponent(id)}`,
  );
}

/**
 * Takes an inquiry from the site, sent by the script (`POST /api/inquiries`) or by the form without it
 * (`POST /contact`): a filled honeypot is refused with the spec's message, anything else is stored, and its
 * mail to `inquiryRecipients` goes into the outbox in the same transaction: a mail that cannot be sent now is
 * retried by the outbox, and never costs the inquiry.
 */
export async function receiveInquiry(
  deps: {
    db: Db;
    log: Logger;
    env: Pick<Env, 'publicUrl'>;
    mail: Pick<Mailer, 'enqueue'>;
    feeds?: Pick<Feeds, 'inquiries'>;
  },
  input: CreateInquiryInput,
  requestId: string,
) {
  if (input[HONEYPOT_FIELD]) {
    deps.log.warn({ requestId }, 'inquiry rejected by the honeypot');
    throw badRequest(MESSAGES.inquiryRejected);
  }
  const created = await writeTransaction(deps.db, async () => {
    if (!(await studioTexts(deps.db)).budget_ranges.some((range) => range.value === input.budget))
      throw fieldProblem('budget', 'Please choose a budget range');
    const row = await createInquiry(deps.db, input);
    // The Activity list (and the dashboard's Recent Activity) show its arrival: written by no one on staff.
    await recordAudit(
      deps.db,
      { id: null },
      { action: 'create', entityType: 'inquiry', entityId: row.id, label: input.client_name },
    );
    const mail = await mailOf(deps.db, deps.env.publicUrl, row.id, input);
    for (const email of await inquiryRecipients(deps.db)) await deps.mail.enqueue(email, mail);
    return row;
  });
  deps.log.info({ requestId, inquiryId: created.id }, 'inquiry received');
  deps.feeds?.inquiries.publish({
    id: created.id,
    name: input.client_name,
    project_type: input.project_type,
  });
  return created;
}

const audit = { entityType: 'inquiry', label: (row: Inquiry) => row.client_name };
const SORTABLE = {
  created_at: inquiries.created_at,
  client_name: inquiries.client_name,
  email: inquiries.email,
  project_type: inquiries.project_type,
  status: inquiries.status,
  budget: inquiries.budget,
};
const NEWEST_FIRST = { sort: 'created_at', order: 'desc' } as const;

/** Search by client name, e-mail or project type, and the status filter: the list and the export agree. */
const inquiryFilters = (query: { q?: string; status?: Inquiry['status'] }) => [
  or(
    searchAny(query.q, [inquiries.client_name, inquiries.email, inquiries.project_type]),
    // The list shows project types by label ("Interior Design"): a search for the label finds them too.
    query.q ? inArray(inquiries.project_type, typesLabelled(query.q)) : undefined,
  ),
  query.status ? eq(inquiries.status, query.status) : undefined,
];
const typesLabelled = (q: string) =>
  Object.entries(INQUIRY_PROJECT_TYPES)
    .filter(([, label]) => label.toLowerCase().includes(q.toLowerCase()))
    .map(([value]) => value);

export async function listAdminInquiries(db: Db, query: AdminInquiryListQuery) {
  return await listPage(db, inquiries, {
    where: inquiryFilters(query),
    orderBy: orderBy(SORTABLE, inquiries.id, query.sort, query.order, NEWEST_FIRST),
    page: query.page,
  });
}

export const findInquiry = async (db: Db, id: string): Promise<Inquiry | undefined> =>
  await findById(db, inquiries, id);

/** Any status to any other; `updated_at` is set with it, and a real change goes into the status history. */
export const setInquiryStatus = async (
  db: Db,
  actor: Actor,
  id: string,
  status: InquiryStatusInput['status'],
) =>
  await writeTransaction(db, async () => {
    const changed = await updateAudited(db, inquiries, id, { status, updated_at: nowIso() }, actor, {
      ...audit,
      action: 'status',
    });
    if (changed && changed.before.status !== status) {
      await db.insert(inquiryStatusChanges).values({
        inquiry_id: id,
        from_status: changed.before.status,
        to_status: status,
        actor_id: actor.id,
      });
    }
    return changed?.after;
  });

/** The columns that name a staff member (see `staffRef`). */
const person = { first_name: profiles.first_name, last_name: profiles.last_name, email: users.email };
type PersonColumns = { first_name: string | null; last_name: string | null; email: string | null };
/** Who did it, by name; null when the account is gone. */
const staffRef = (id: string | null, { email, ...name }: PersonColumns) =>
  id && email ? { id, name: staffName({ ...name, email }) } : null;

/** The inquiry's status history and notes, oldest first; undefined when there is no such inquiry. */
export async function inquiryLog(db: Db, id: string): Promise<InquiryLog | undefined> {
  if (!(await findInquiry(db, id))) return undefined;
  const status_changes = (
    await db
      .select({
        id: inquiryStatusChanges.id,
        from: inquiryStatusChanges.from_status,
        to: inquiryStatusChanges.to_status,
        by: inquiryStatusChanges.actor_id,
        ...person,
        at: inquiryStatusChanges.created_at,
      })
      .from(inquiryStatusChanges)
      .leftJoin(users, eq(users.id, inquiryStatusChanges.actor_id))
      .leftJoin(profiles, eq(profiles.id, inquiryStatusChanges.actor_id))
      .where(eq(inquiryStatusChanges.inquiry_id, id))
      .orderBy(inquiryStatusChanges.created_at, inquiryStatusChanges.id)
  ).map(({ id, from, to, at, by, ...name }) => ({ id, from, to, at, by: staffRef(by, name) }));
  const notes = (
    await db
      .select({
        id: inquiryNotes.id,
        body: inquiryNotes.body,
        author: inquiryNotes.author_id,
        ...person,
        created_at: inquiryNotes.created_at,
      })
      .from(inquiryNotes)
      .leftJoin(users, eq(users.id, inquiryNotes.author_id))
      .leftJoin(profiles, eq(profiles.id, inquiryNotes.author_id))
      .where(eq(inquiryNotes.inquiry_id, id))
      .orderBy(inquiryNotes.created_at, inquiryNotes.id)
  ).map(({ id, body, created_at, author, ...name }) => ({
    id,
    body,
    created_at,
    author: staffRef(author, name),
  }));
  return { status_changes, notes };
}

/** Adds a staff member's note to an inquiry (undefined when there is no such inquiry). */
export async function addInquiryNote(
  db: Db,
  actor: Actor,
  id: string,
  body: string,
): Promise<InquiryNote | undefined> {
  const added = await writeTransaction(db, async () => {
    const inquiry = await findInquiry(db, id);
    if (!inquiry) return undefined;
    const [row] = await db
      .insert(inquiryNotes)
      .values({ inquiry_id: id, author_id: actor.id, body })
      .returning({ id: inquiryNotes.id });
    await recordAudit(db, actor, { ...noteEntry(inquiry), action: 'note' });
    return row;
  });
  return added && (await inquiryLog(db, id))?.notes.find((note) => note.id === added.id);
}

/** Deletes a note: its author may, and an administrator may delete anyone's. False when there is none. */
export async function deleteInquiryNote(db: Db, actor: Actor, id: string, noteId: string): Promise<boolean> {
  return await writeTransaction(db, async () => {
    const note = (
      await db
        .select()
        .from(inquiryNotes)
        .where(and(eq(inquiryNotes.id, noteId), eq(inquiryNotes.inquiry_id, id)))
    )[0];
    const inquiry = await findInquiry(db, id);
    if (!note || !inquiry) return false;
    if (!mayTouch(actor, note.author_id, 'settings')) {
      throw new ApiError(403, ERROR_CODES.forbidden, ADMIN_MESSAGES.inquiryNoteNotYours);
    }
    await db.delete(inquiryNotes).where(eq(inquiryNotes.id, noteId));
    await recordAudit(db, actor, { ...noteEntry(inquiry), action: 'unnote' });
    return true;
  });
}

const noteEntry = (inquiry: Inquiry) => ({
  entityType: audit.entityType,
  entityId: inquiry.id,
  label: inquiry.client_name,
  changedFields: ['notes'],
});

export const deleteInquiry = async (db: Db, actor: Actor, id: string) =>
  (await deleteAudited(db, inquiries, id, actor, audit)) !== undefined;

const CSV_COLUMNS = [
  'Name',
  'Email',
  'Phone',
  'Subject',
  'Project Type',
  'Budget',
  'Message',
  'Status',
  'Date',
] as const;
const label = <T extends Record<string, string>>(labels: T, value: string | null) =>
  value === null ? null : ((labels as Record<string, string>)[value] ?? value);
/** The spec's date format, MMM d, yyyy (UTC). */
const DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The filtered list (every page, newest first) as CSV: the columns of CSV_COLUMNS with readable labels. */
export async function exportInquiriesCsv(db: Db, query: InquiryExportQuery): Promise<string> {
  const texts = await studioTexts(db);
  const rows = await db
    .select()
    .from(inquiries)
    .where(and(...inquiryFilters(query)))
    .orderBy(desc(inquiries.created_at), desc(inquiries.id));
  return toCsv(
    CSV_COLUMNS,
    rows.map((row) => [
      row.client_name,
      row.email,
      row.phone,
      row.subject,
      label(INQUIRY_PROJECT_TYPES, row.project_type),
      budgetLabel(texts, row.budget) ?? 'Not specified',
      row.message,
      INQUIRY_STATUS_LABELS[row.status],
      DATE.format(new Date(row.created_at)),
    ]),
  );
}

/** `inquiries-export-YYYY-MM-DD.csv`, the day of the export (UTC). */
export const csvFileName = (now = new Date()) => `inquiries-export-${now.toISOString().slice(0, 10)}.csv`;
