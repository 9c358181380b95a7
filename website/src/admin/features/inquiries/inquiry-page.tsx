import { INQUIRY_PROJECT_TYPES, type Inquiry, INQUIRY_STATUS_LABELS as STATUS_LABELS } from '@atelier/shared';
import { Button, Card, DataList, Flex, Heading, Link, Select, Text } from '@radix-ui/themes';
import { format } from 'date-fns';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { messageOf } from '../../../lib/failure';
import { showToast } from '../../../lib/toasts';
import { useBudgetLabel } from '../../api/site';
import { usePlatform } from '../../platform-context';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Loading } from '../../ui/loading';
import { AdminNotFound } from '../../ui/not-found';
import { PageHeader } from '../../ui/page-header';
import { useErrorToast } from '../../ui/use-error-toast';
import { type InquiryStatus, inquiriesApi } from './api';
import { InquiryLog } from './inquiry-log';
import { label, replyUrl, STATUS_COLORS, STATUSES, useChangeStatus } from './inquiry-parts';

/** /admin/inquiries/{id}: the whole inquiry, its status and history, notes, reply, copy the address, delete. */
export function InquiryPage() {
  const { id } = useParams();
  const query = inquiriesApi.useOne(id);
  useErrorToast(query.error, 'Failed to load the inquiry');
  if (query.isError) return <AdminNotFound />;
  if (!query.data) return <Loading />;
  return <InquiryDetails inquiry={query.data} />;
}

function InquiryDetails({ inquiry }: { inquiry: Inquiry }) {
  const budget = useBudgetLabel();
  const platform = usePlatform();
  const navigate = useNavigate();
  const changeStatus = useChangeStatus();
  const refresh = inquiriesApi.useInvalidate();
  const [confirming, setConfirming] = useState(false);
  const received = new Date(inquiry.created_at);
  const reply = replyUrl(inquiry);

  const copyEmail = () =>
    navigator.clipboard.writeText(inquiry.email).then(
      () => showToast('Copied', inquiry.email),
      () => showToast('Error', 'Could not copy to the clipboard', 'destructive'),
    );

  // Not the list's mutation: its refresh would read this inquiry again, gone, before the page is left.
  const confirmDelete = async () => {
    try {
      await inquiriesApi.remove(platform, inquiry.id);
    } catch (error) {
      showToast('Error', messageOf(error, 'Failed to delete inquiry'), 'destructive');
      return;
    }
    showToast('Inquiry deleted', `The inquiry from ${inquiry.client_name} was deleted.`);
    navigate('/admin/inquiries');
    void refresh();
  };

  return (
    <>
      <Text as="p" size="2" mb="2">
        <Link asChild color="gray">
          <RouterLink to="/admin/inquiries">← All inquiries</RouterLink>
        </Link>
      </Text>
      <PageHeader
        title={inquiry.client_name}
        lead={`Received ${format(received, "EEEE, MMM d, yyyy 'at' HH:mm")}`}
        actions={
          <>
            {/* A real link, opened through the platform: the desktop app hands mailto: to the system. */}
            <Button asChild highContrast>
              <a
                href={reply}
                onClick={(event) => {
                  event.preventDefault();
                  platform.openExternal(reply);
                }}
              >
                Reply
              </a>
            </Button>
            <Button variant="soft" highContrast color="gray" onClick={() => void copyEmail()}>
              Copy e-mail
            </Button>
            <Button variant="soft" color="red" highContrast onClick={() => setConfirming(true)}>
              Delete
            </Button>
          </>
        }
      />
      <div className="admin-inquiry">
        <Card size="3" className="admin-inquiry__message">
          <Text as="p" size="1" color="gray" weight="medium" mb="1">
            Subject
          </Text>
          <Heading as="h2" size="5" weight="medium" mb="4">
            {inquiry.subject || 'No subject'}
          </Heading>
          <Text as="p" size="1" color="gray" weight="medium" mb="1">
            Message
          </Text>
          <Text as="p" size="3" className="admin-inquiry__text">
            {inquiry.message}
          </Text>
        </Card>
        <Card size="2">
          <DataList.Root orientation={{ initial: 'vertical', xs: 'horizontal' }} size="2">
            <DataList.Item>
              <DataList.Label minWidth="96px">Status</DataList.Label>
              <DataList.Value>
                <Flex gap="2" align="center" wrap="wrap">
                  <Select.Root
                    size="1"
                    value={inquiry.status}
                    onValueChange={(next) => changeStatus(inquiry, next as InquiryStatus)}
                  >
                    <Select.Trigger
                      aria-label="Change status"
                      variant="soft"
                      color={STATUS_COLORS[inquiry.status]}
                    />
                    <Select.Content>
                      {STATUSES.map((value) => (
                        <Select.Item key={value} value={value}>
                          {STATUS_LABELS[value]}
                        </Select.Item>
                      ))}
                    </Select.Content>
                  </Select.Root>
                </Flex>
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="96px">E-mail</DataList.Label>
              <DataList.Value>
                <Link href={`mailto:${inquiry.email}`} className="admin-inquiry__break">
                  {inquiry.email}
                </Link>
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="96px">Phone</DataList.Label>
              <DataList.Value>
                {inquiry.phone ? (
                  <Link href={`tel:${inquiry.phone.replace(/\s+/g, '')}`}>{inquiry.phone}</Link>
                ) : (
                  'Not given'
                )}
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="96px">Project type</DataList.Label>
              <DataList.Value>{label(INQUIRY_PROJECT_TYPES, inquiry.project_type)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="96px">Budget</DataList.Label>
              <DataList.Value>{budget(inquiry.budget)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="96px">Received</DataList.Label>
              <DataList.Value>
                <time dateTime={inquiry.created_at}>{format(received, 'MMM d, yyyy, HH:mm')}</time>
              </DataList.Value>
            </DataList.Item>
          </DataList.Root>
        </Card>
        <InquiryLog id={inquiry.id} />
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this inquiry?"
        description={`This action cannot be undone. This will permanently delete the inquiry from ${inquiry.client_name}.`}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}
