import {
  CreateTeamMemberInput,
  type TeamMember,
  type TeamMemberInputValues,
  UpdateTeamMemberInput,
} from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextArea, TextField } from '@radix-ui/themes';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { showToast } from '../../../lib/toasts';
import { teamMembersApi } from '../../api/team-members';
import { AdminNotFound } from '../../layout/not-found';
import { showSaveError } from '../../ui/form-errors';
import { FormField } from '../../ui/form-field';
import { FormLayout } from '../../ui/form-layout';
import { ImageField } from '../../ui/image-field';
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/page-header';
import { useLeaveGuard } from '../../ui/unsaved-guard';
import { useErrorToast } from '../../ui/use-error-toast';

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
  const member = teamMembersApi.useOne(id);
  useErrorToast(member.error, 'Failed to load team members');
  if (id && member.isError) return <AdminNotFound />;
  return (
    <>
      <PageHeader
        title={id ? 'Edit Team Member' : 'New Team Member'}
        lead={id ? member.data?.name : 'Introduce someone of the studio.'}
      />
      {id && !member.data ? <Loading /> : <TeamMemberForm id={id} member={member.data} />}
    </>
  );
}

function TeamMemberForm({ id, member }: { id?: string; member?: TeamMember }) {
  const navigate = useNavigate();
  const save = teamMembersApi.useSave(id);
  const form = useForm<TeamMemberInputValues>({
    resolver: zodResolver(id ? UpdateTeamMemberInput : CreateTeamMemberInput) as never,
    defaultValues: valuesOf(member),
  });
  const { register, control, formState, setError, handleSubmit } = form;
  const errors = formState.errors;
  const { guard, release } = useLeaveGuard(formState.isDirty);

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      release();
      showToast(
        id ? 'Team member updated' : 'Team member added',
        `${saved.name} has been ${id ? 'updated' : 'added to the team'}.`,
        'success',
      );
      navigate('/admin/team-members');
    } catch (error) {
      showSaveError(error, setError, id ? 'Failed to update team member' : 'Failed to add team member');
    }
  });

  return (
    <FormLayout
      label={id ? 'Edit Team Member' : 'New Team Member'}
      onSubmit={submit}
      submitLabel={id ? 'Update Member' : 'Add Member'}
      busy={save.isPending}
      cancelTo="/admin/team-members"
      aside={
        <Controller
          control={control}
          name="image"
          render={({ field }) => (
            <ImageField
              label="Profile Image"
              required={!id}
              value={field.value}
              onChange={field.onChange}
              bucket="team_members"
              error={errors.image?.message}
            />
          )}
        />
      }
    >
      {guard}
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
