import { AdminInquiryList, Inquiry, InquiryLog, InquiryNote, type InquiryStatusInput } from '@atelier/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { requestParsed } from '../../api/client';
import { entityApi } from '../../api/entity';
import type { AdminPlatform } from '../../platform';
import { usePlatform } from '../../platform-context';

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

const logKey = (id: string) => [...inquiriesApi.keys.all, 'log', id] as const;

/** The inquiry's status history and staff notes; refreshed with every write to inquiries. */
export function useInquiryLog(id: string) {
  const platform = usePlatform();
  return useQuery({
    queryKey: logKey(id),
    queryFn: () => requestParsed(platform, InquiryLog, `${BASE}/${encodeURIComponent(id)}/log`),
  });
}

export function useAddInquiryNote(id: string) {
  const platform = usePlatform();
  const invalidate = inquiriesApi.useInvalidate();
  return useMutation({
    mutationFn: (body: string) =>
      requestParsed(platform, InquiryNote, `${BASE}/${encodeURIComponent(id)}/notes`, {
        method: 'POST',
        body: { body },
      }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteInquiryNote(id: string) {
  const platform = usePlatform();
  const invalidate = inquiriesApi.useInvalidate();
  return useMutation({
    mutationFn: (noteId: string) =>
      platform.request<void>(`${BASE}/${encodeURIComponent(id)}/notes/${encodeURIComponent(noteId)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => invalidate(),
  });
}
