import { AdminInquiryList, Inquiry, type InquiryStatusInput } from '@atelier/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPlatform } from '../platform';
import { usePlatform } from '../platform-context';
import { requestParsed } from './client';

export type InquiryStatus = InquiryStatusInput['status'];
type InquiryPage = AdminInquiryList;

export interface InquiryFilter {
  q: string;
  status: InquiryStatus | '';
  page: number;
}

const BASE = '/api/admin/inquiries';

export const inquiryKeys = {
  all: ['admin', 'inquiries'] as const,
  list: (filter: InquiryFilter) => [...inquiryKeys.all, 'list', filter] as const,
};

export const listInquiries = (platform: AdminPlatform, query: InquiryFilter) =>
  requestParsed(platform, AdminInquiryList, BASE, { method: 'GET', query: { ...query } });

export const setInquiryStatus = (platform: AdminPlatform, id: string, status: InquiryStatus) =>
  requestParsed(platform, Inquiry, `${BASE}/${id}/status`, { method: 'PATCH', body: { status } });

export const deleteInquiry = (platform: AdminPlatform, id: string) =>
  platform.request<void>(`${BASE}/${id}`, { method: 'DELETE' });

/** The server writes the CSV of the filtered list (all pages); the shell saves it. */
export function exportInquiries(platform: AdminPlatform, filter: Omit<InquiryFilter, 'page'>) {
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

export function useInquiries(filter: InquiryFilter) {
  const platform = usePlatform();
  return useQuery({
    queryKey: inquiryKeys.list(filter),
    queryFn: () => listInquiries(platform, filter),
    placeholderData: keepPreviousData,
  });
}

/** Status change shown at once in every cached list, rolled back if the server refuses. */
export function useSetInquiryStatus() {
  const platform = usePlatform();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: InquiryStatus }) =>
      setInquiryStatus(platform, id, status),
    onMutate: async ({ id, status }) => {
      await client.cancelQueries({ queryKey: inquiryKeys.all });
      const before = client.getQueriesData<InquiryPage>({ queryKey: inquiryKeys.all });
      client.setQueriesData<InquiryPage>(
        { queryKey: inquiryKeys.all },
        (page) =>
          page && { ...page, items: page.items.map((item) => (item.id === id ? { ...item, status } : item)) },
      );
      return { before };
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
    },
    onSettled: () => client.invalidateQueries({ queryKey: inquiryKeys.all }),
  });
}

export function useDeleteInquiry() {
  const platform = usePlatform();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteInquiry(platform, id),
    onSuccess: () => client.invalidateQueries({ queryKey: inquiryKeys.all }),
  });
}
