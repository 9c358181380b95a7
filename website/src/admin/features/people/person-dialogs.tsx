import {
  ASSIGNABLE_ROLES,
  type AssignableRole,
  PEOPLE_MESSAGES,
  type Person,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  roleInSentence,
} from '@atelier/shared';
import {
  AlertDialog,
  Button,
  Callout,
  Dialog,
  Flex,
  RadioCards,
  Select,
  Text,
  TextField,
} from '@radix-ui/themes';
import { type FormEvent, useEffect, useState } from 'react';
import { showToast } from '../../../lib/toasts';
import { usePlatform } from '../../platform-context';
import { FormField } from '../../ui/form-field';
import { people, peopleApi } from './api';
import { DialogButtons, PasswordField, useDialogForm } from './dialog-form';
import type { usePersonAction } from './use-person-action';

type Action = ReturnType<typeof usePersonAction>;

/** A person's name, or their address while they have none (an invitation). */
export const nameOf = (person: Pick<Person, 'first_name' | 'last_name' | 'email'>) =>
  [person.first_name, person.last_name].filter(Boolean).join(' ') || person.email;

/** The roles to choose from, each with what it may do; the administrator's only for the owner. */
function RolePicker({
  value,
  onChange,
  mayGrantAdmin,
}: {
  value: AssignableRole;
  onChange(role: AssignableRole): void;
  mayGrantAdmin: boolean;
}) {
  return (
    <Flex direction="column" gap="2" asChild>
      <fieldset className="people-fieldset">
        <Text size="2" weight="medium" mb="2" asChild>
          <legend>Role</legend>
        </Text>
        <RadioCards.Root
          value={value}
          onValueChange={(role) => onChange(role as AssignableRole)}
          columns="1"
          gap="2"
        >
          {ASSIGNABLE_ROLES.map((role) => {
            const locked = role === 'admin' && !mayGrantAdmin;
            return (
              <RadioCards.Item key={role} value={role} disabled={locked}>
                <Flex direction="column" width="100%">
                  <Text weight="bold">{ROLE_LABELS[role]}</Text>
                  <Text size="2" color="gray">
                    {locked ? PEOPLE_MESSAGES.adminsByOwner : ROLE_DESCRIPTIONS[role]}
                  </Text>
                </Flex>
              </RadioCards.Item>
            );
          })}
        </RadioCards.Root>
      </fieldset>
    </Flex>
  );
}

/** "Invite people": an e-mail address and a role; the invitee gets a link valid for 7 days. */
export function InviteDialog({ mayGrantAdmin }: { mayGrantAdmin: boolean }) {
  const platform = usePlatform();
  const invalidate = peopleApi.useInvalidate();
  const form = useDialogForm();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableRole>('editor');

  const submit = form.submit(async () => {
    const invited = await people.invite(platform, email, role);
    form.setOpen(false);
    setEmail('');
    showToast('Invitation sent', `${invited.email} will get a link to join.`, 'success');
    void invalidate();
  }, 'Failed to send the invitation');

  return (
    <Dialog.Root open={form.open} onOpenChange={form.setOpen}>
      <Dialog.Trigger>
        <Button>Invite people</Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>Invite people</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          They get an e-mail with a link to join. It works once, for 7 days; you can resend or cancel it from
          the list.
        </Dialog.Description>
        <form onSubmit={submit} aria-label="Invite people" noValidate>
          <Flex direction="column" gap="4">
            <FormField label="Email" required error={form.error}>
              <TextField.Root
                type="email"
                autoComplete="off"
                placeholder="name@example.com"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </FormField>
            <RolePicker value={role} onChange={setRole} mayGrantAdmin={mayGrantAdmin} />
          </Flex>
          <DialogButtons busy={form.busy} label={form.busy ? 'Sending...' : 'Send invitation'} />
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** A dialog a row's menu opens: the person it is about, or null when closed. */
interface RowDialogProps {
  person: Person | null;
  onClose(): void;
  action: Action;
}

/** "Change role": the three roles, the current one chosen. */
export function RoleDialog({
  person,
  onClose,
  action,
  mayGrantAdmin,
}: RowDialogProps & { mayGrantAdmin: boolean }) {
  const platform = usePlatform();
  const [role, setRole] = useState<AssignableRole>('editor');
  useEffect(() => {
    if (person && person.role !== 'owner') setRole(person.role);
  }, [person]);
  if (!person) return null;
  const name = nameOf(person);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    onClose();
    await action.run(() => people.changeRole(platform, person.id, role), {
      success: { title: 'Role changed', description: `${name} is now ${roleInSentence(role)}.` },
      failure: 'Failed to change the role',
    });
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>Change {name}'s role</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          It takes effect on their next click; pages they have open stop showing what the new role may not
          see.
        </Dialog.Description>
        <form onSubmit={submit} aria-label="Change role">
          <RolePicker value={role} onChange={setRole} mayGrantAdmin={mayGrantAdmin} />
          <DialogButtons busy={action.busy || role === person.role} label="Change role" />
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** A select of active staff members, or `none` (its label) for nobody. */
function StaffSelect({
  label,
  value,
  onChange,
  staff,
  none,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  staff: Person[];
  none?: string;
}) {
  return (
    <FormField label={label}>
      {(control) => (
        <Select.Root value={value} onValueChange={onChange}>
          <Select.Trigger {...control} placeholder="Choose a person" />
          <Select.Content position="popper">
            {none && <Select.Item value="none">{none}</Select.Item>}
            {staff.map((member) => (
              <Select.Item key={member.id} value={member.id}>
                {nameOf(member)} · {ROLE_LABELS[member.role]}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      )}
    </FormField>
  );
}

/** "Delete": the account goes; its content to the person chosen, or to nobody ("Former staff"). */
export function DeleteDialog({ person, onClose, action, staff }: RowDialogProps & { staff: Person[] }) {
  const platform = usePlatform();
  const [heir, setHeir] = useState('none');
  useEffect(() => setHeir('none'), [person]);
  if (!person) return null;
  const name = nameOf(person);
  const heirs = staff.filter((member) => member.id !== person.id && member.status === 'active');
  const remove = () => {
    onClose();
    void action.run(() => people.remove(platform, person.id, heir === 'none' ? null : heir), {
      success: { title: 'Person deleted', description: `${name} no longer has an account.` },
      failure: 'Failed to delete the person',
    });
  };
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Content maxWidth="480px">
        <AlertDialog.Title>Delete {name}?</AlertDialog.Title>
        <AlertDialog.Description size="2" mb="4">
          Their account is removed and they can no longer sign in. This cannot be undone. Their projects,
          posts and files stay on the site.
        </AlertDialog.Description>
        <StaffSelect
          label="Give their content to"
          value={heir}
          onChange={setHeir}
          staff={heirs}
          none="Nobody (shown as Former staff)"
        />
        <Flex gap="3" mt="5" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" highContrast>
              Cancel
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button color="red" onClick={remove}>
              Delete {person.first_name ?? 'account'}
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

/** "Transfer ownership": the owner names an active staff member and confirms with their password. */
export function TransferDialog({ staff, me }: { staff: Person[]; me: string }) {
  const platform = usePlatform();
  const invalidate = peopleApi.useInvalidate();
  const form = useDialogForm();
  const [heir, setHeir] = useState('');
  const [password, setPassword] = useState('');
  const candidates = staff.filter((member) => member.id !== me && member.status === 'active');
  const chosen = candidates.find((member) => member.id === heir);

  const submit = form.submit(async () => {
    if (!chosen) return;
    await people.transfer(platform, chosen.id, password);
    form.setOpen(false);
    setHeir('');
    setPassword('');
    showToast(
      'Ownership transferred',
      `${nameOf(chosen)} owns the studio now; you are an administrator.`,
      'success',
    );
    void invalidate();
  }, 'Failed to transfer ownership');

  return (
    <Dialog.Root open={form.open} onOpenChange={form.setOpen}>
      <Dialog.Trigger>
        <Button variant="soft" color="gray" highContrast>
          Transfer ownership
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>Transfer ownership</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          The studio has one owner. The person you choose becomes it, and you become an administrator: only
          they can give it back.
        </Dialog.Description>
        <form onSubmit={submit} aria-label="Transfer ownership">
          <Flex direction="column" gap="4">
            {candidates.length === 0 ? (
              <Callout.Root color="gray">
                <Callout.Text>
                  Invite someone first: ownership goes to an active member of the staff.
                </Callout.Text>
              </Callout.Root>
            ) : (
              <StaffSelect label="New owner" value={heir} onChange={setHeir} staff={candidates} />
            )}
            <PasswordField label="Your password" value={password} onChange={setPassword} error={form.error} />
          </Flex>
          <DialogButtons busy={form.busy || !password || !chosen} label="Transfer ownership" color="red" />
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
