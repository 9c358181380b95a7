import { type Inquiry, INQUIRY_STATUS_LABELS as STATUS_LABELS } from '@atelier/shared';
import { messageOf } from '../../../lib/failure';
import { showToast } from '../../../lib/toasts';
import { type InquiryStatus, useSetInquiryStatus } from './api';

export const STATUSES = Object.keys(STATUS_LABELS) as InquiryStatus[];
export const STATUS_COLORS = { new: 'gold', in_progress: 'amber', closed: 'gray' } as const;

export const label = (labels: Record<string, string>, value: string | null) =>
  value ? (labels[value] ?? value) : 'Not specified';

/** A reply to the inquirer: the subject prefilled with their own ("Re: …"), their message quoted below. */
export function replyUrl(inquiry: Inquiry) {
  const subject = `Re: ${inquiry.subject || 'Your inquiry'}`;
  const quoted = inquiry.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  const body = `\n\n${inquiry.client_name} wrote:\n${quoted}\n`;
  return `mailto:${inquiry.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** Sets an inquiry's status at once (rolled back if refused), with the toast that says so. */
export function useChangeStatus() {
  const setStatusOf = useSetInquiryStatus();
  return (inquiry: Inquiry, next: InquiryStatus) =>
    setStatusOf.mutate(
      { id: inquiry.id, change: { status: next } },
      {
        onSuccess: () =>
          showToast('Status Updated', `Inquiry status has been updated to ${STATUS_LABELS[next]}`),
        onError: (error) => showToast('Error', messageOf(error, 'Failed to update status'), 'destructive'),
      },
    );
}
