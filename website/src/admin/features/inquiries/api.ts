import { AdminInquiryList, Inquiry, type InquiryStatusInput } from '@atelier/shared';
import { requestParsed } from '../../api/client';
import { entityApi } from '../../api/entity';
import type { AdminPlatform } from '../../platform';

export type InquiryStatus = InquiryStatusInput['status'];

/** Inquiries: list and delete like every entity (no create or edit), plus status and the CSV export. */
export const inquiriesApi = entityApi({ path: 'inquiries', item: Inquiry, list: AdminInquiryList });
const BASE = '/api/admin/inquiries';

export const setInquiryStatus = (platform: AdminPlatform, id: string, status: InquiryStatus) =>
  requestParsed(platform, Inquiry, `${BASE}/${encodeURIComponent(id)}/status`, {
    method: 'PATCH',
    body: { status },
  });

/** The server writes the CSV of the filtered list (every page); the shell saves it. */
export function exportInquiries(platform: AdminPlatform, filter: { q: string; status: string }) {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.status) params.set('status', filter.status);
  const search = params.toString();
  const day = new Date().toISOString().slice(0, 10);
  return platform.downloadFile(
    `${BASE}/export.csv${search ? `?${search}` : ''}`,
    `inquiries-export-${day}.csv`,
  );
}

/** The status shown at once in every cached list, rolled back if the server refuses. */
export const useSetInquiryStatus = () =>
  inquiriesApi.useRowChange((platform, id, { status }: { status: InquiryStatus }) =>
    setInquiryStatus(platform, id, status),
  );
