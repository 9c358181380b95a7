import { SAMPLE_CONTENT_LABELS, SampleContent } from '@atelier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePlatform } from '../platform-context';
import { requestParsed } from './client';

const PATH = '/api/admin/sample-content';
const key = ['admin', 'sample-content'] as const;

/** What "Remove sample content" would remove (for roles that hold `settings`; `enabled` off for others). */
export function useSampleContent(enabled = true) {
  const platform = usePlatform();
  return useQuery({ queryKey: key, queryFn: () => requestParsed(platform, SampleContent, PATH), enabled });
}

/** Removes it; every admin query is read again (lists, dashboard, settings, media). */
export function useRemoveSampleContent() {
  const platform = usePlatform();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => requestParsed(platform, SampleContent, PATH, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** "12 projects, 4 blog posts, 1 social link": the parts that have any, in the admin's words. */
export const describeSample = (counts: SampleContent) =>
  (Object.keys(SAMPLE_CONTENT_LABELS) as (keyof SampleContent)[])
    .filter((part) => counts[part] > 0)
    .map((part) => `${counts[part]} ${SAMPLE_CONTENT_LABELS[part][counts[part] === 1 ? 0 : 1]}`);

export const hasSample = (counts: SampleContent | undefined) =>
  counts !== undefined && Object.values(counts).some((n) => n > 0);
