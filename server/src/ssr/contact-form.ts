import {
  type ContactFormResult,
  CreateInquiryInput,
  HONEYPOT_FIELD,
  INQUIRY_FIELDS,
  type PageOf,
} from '@atelier/shared';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { receiveInquiry } from '../features/inquiries/inquiries.service';
import { clientIp } from '../http/client-ip';
import { ApiError, validationError } from '../lib/errors';
import { loadPage } from './pages';
import type { PageRenderer } from './renderer';

/**
 * The contact form without JavaScript: a plain `POST /contact` (form-encoded). The same limit, checks and
 * service as `POST /api/inquiries`; success redirects to `/contact?sent=1` (the Thank You panel), a refusal
 * renders the contact page again with what was typed, each field's problem and the message.
 */
export async function postContactForm(c: Context<AppEnv>, pages: PageRenderer): Promise<Response> {
  const { deps } = c.var;
  const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
  const values = Object.fromEntries(INQUIRY_FIELDS.map((field) => [field, text(field)]));
  let refusal: ApiError;
  try {
    if (!deps.env.BENCH) await deps.limits.inquiries.hit(clientIp(c));
    const parsed = CreateInquiryInput.safeParse({ ...values, [HONEYPOT_FIELD]: text(HONEYPOT_FIELD) });
    if (!parsed.success) throw validationError(parsed.error);
    await receiveInquiry(deps, parsed.data, c.var.requestId);
    return c.redirect('/contact?sent=1#inquiry', 303);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    refusal = error;
  }
  const errors: Record<string, string> = {};
  for (const issue of refusal.issues ?? []) errors[issue.path] ??= issue.message;
  const form: ContactFormResult = { values, errors, message: refusal.message };
  const page = (await loadPage(deps, new URL('/contact', c.req.url))) as PageOf<'contact'>;
  for (const [name, value] of Object.entries(refusal.headers ?? {})) c.header(name, value);
  return pages.renderData(c, { ...page, form }, refusal.status);
}
