import { AdminInquiryList, Inquiry, type InquiryStatusInput } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
export function useSetInquiryStatus() {
  const platform = usePlatform();
  const client = useQueryClient();
  const invalidate = inquiriesApi.useInvalidate();
  const lists = { queryKey: [...inquiriesApi.keys.all, 'list'] };
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: InquiryStatus }) =>
      setInquiryStatus(platform, id, status),
    onMutate: async ({ id, status }) => {
      await client.cancelQueries(lists);
      const before = client.getQueriesData<AdminInquiryList>(lists);
      client.setQueriesData<AdminInquiryList>(
        lists,
        (page) =>
          page && { ...page, items: page.items.map((item) => (item.id === id ? { ...item, status } : item)) },
      );
      return { before };
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
    },
    onSettled: () => invalidate(),
  });
}
