import {
  CreateTeamMemberInput,
  REVIEW_MESSAGES,
  type TeamMember,
  type TeamMemberInputValues,
  UpdateTeamMemberInput,
} from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextArea, TextField } from '@radix-ui/themes';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { useCan } from '../../platform-context';
import { EntityFormPage } from '../../ui/entity-form-page';
import { FormField } from '../../ui/form-field';
import { FormLayout } from '../../ui/form-layout';
import { ImageField } from '../../ui/image-field';
import type { DiffField } from '../../ui/record-diff';
import { ReviewCallouts } from '../../ui/review';
import { useSaveForm } from '../../ui/use-save-form';
import { teamMembersApi } from './api';

/** The fields its History compares, as the form names them. */
const MEMBER_FIELDS: DiffField[] = [
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'role', label: 'Role', kind: 'text' },
  { key: 'image', label: 'Photo', kind: 'images' },
  { key: 'quote', label: 'Quote', kind: 'long' },
  { key: 'facebook_url', label: 'Facebook', kind: 'text' },
  { key: 'instagram_url', label: 'Instagram', kind: 'text' },
  { key: 'linkedin_url', label: 'LinkedIn', kind: 'text' },
];

const valuesOf = (member?: TeamMember): TeamMemberInputValues => ({
  name: member?.name ?? '',
  role: member?.role ?? '',
  image: member?.image ?? null,
  quote: member?.quote ?? '',
  facebook_url: member?.facebook_url ?? '',
  instagram_url: member?.instagram_url ?? '',
  linkedin_url: member?.linkedin_url ?? '',
});

/** /admin/team-members/new and /admin/team-members/edit/{id} (an image is required on create). */
export function TeamMemberFormPage() {
  const { id } = useParams();
  return (
    <EntityFormPage
      id={id}
      query={teamMembersApi.useOne(id)}
      history={{ path: 'team-members', fields: MEMBER_FIELDS }}
      title={id ? 'Edit Team Member' : 'New Team Member'}
      lead={(member) => (id ? member?.name : 'Introduce someone of the studio.')}
      loadError="Failed to load team members"
    >
      {(member) => <TeamMemberForm id={id} member={member} />}
    </EntityFormPage>
  );
}

function TeamMemberForm({ id, member }: { id?: string; member?: TeamMember }) {
  // A member is public as soon as saved: only those who publish write them.
  const locked = useCan('publish') ? null : REVIEW_MESSAGES.teamMembers;
  const form = useForm<TeamMemberInputValues>({
    resolver: zodResolver(id ? UpdateTeamMemberInput : CreateTeamMemberInput) as never,
    defaultValues: valuesOf(member),
  });
  const { register, control, formState, handleSubmit } = form;
  const errors = formState.errors;
  const { guard, save, busy } = useSaveForm({
    mutation: teamMembersApi.useSave(id),
    form,
    listPath: '/admin/team-members',
    saved: (saved) => ({
      title: id ? 'Team member updated' : 'Team member added',
      description: `${saved.name} has been ${id ? 'updated' : 'added to the team'}.`,
    }),
    failure: id ? 'Failed to update team member' : 'Failed to add team member',
  });
  const submit = handleSubmit(save);

  return (
    <FormLayout
      label={id ? 'Edit Team Member' : 'New Team Member'}
      onSubmit={submit}
      submitLabel={id ? 'Update Member' : 'Add Member'}
      busy={busy}
      cancelTo="/admin/team-members"
      readOnly={Boolean(locked)}
      aside={
        <ImageField
          control={control}
          name="image"
          label="Profile Image"
          required={!id}
          bucket="team_members"
          error={errors.image?.message}
        />
      }
    >
      {guard}
      <ReviewCallouts locked={locked} />
      <FormField label="Name" required error={errors.name?.message}>
        <TextField.Root {...register('name')} />
      </FormField>
      <FormField label="Role" required error={errors.role?.message}>
        <TextField.Root {...register('role')} />
      </FormField>
      <FormField label="Quote" error={errors.quote?.message}>
        <TextArea rows={3} {...register('quote')} />
      </FormField>
      <FormField label="Facebook URL" error={errors.facebook_url?.message}>
        <TextField.Root type="url" {...register('facebook_url')} />
      </FormField>
      <FormField label="Instagram URL" error={errors.instagram_url?.message}>
        <TextField.Root type="url" {...register('instagram_url')} />
      </FormField>
      <FormField label="LinkedIn URL" error={errors.linkedin_url?.message}>
        <TextField.Root type="url" {...register('linkedin_url')} />
      </FormField>
    </FormLayout>
  );
}
