import {
  CATEGORY_LABELS,
  PROJECT_CATEGORIES,
  PROJECT_TYPES,
  type Project,
  ProjectInput,
  type ProjectInputValues,
} from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Select, TextArea, TextField } from '@radix-ui/themes';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { showToast } from '../../../lib/toasts';
import { projectsApi } from '../../api/projects';
import { AdminNotFound } from '../../layout/not-found';
import { showSaveError } from '../../ui/form-errors';
import { FormField } from '../../ui/form-field';
import { FormLayout } from '../../ui/form-layout';
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/page-header';
import { useLeaveGuard } from '../../ui/unsaved-guard';
import { useErrorToast } from '../../ui/use-error-toast';
import { ProjectImages } from './project-images';

type Values = ProjectInputValues & { images: string[]; image_alts: Record<string, string> };

const NEW_PROJECT: Values = {
  title: '',
  description: '',
  category: 'residential',
  location: '',
  client: '',
  completion_date: '',
  status: 'draft',
  project_type: 'project',
  images: [],
  image_alts: {},
  thumbnail: null,
};

const valuesOf = (project: Project & { image_alts?: Record<string, string> }): Values => ({
  title: project.title,
  description: project.description,
  category: project.category,
  location: project.location,
  client: project.client,
  completion_date: project.completion_date ?? '',
  status: project.status,
  project_type: project.project_type ?? 'proposal',
  images: project.images,
  image_alts: project.image_alts ?? {},
  thumbnail: project.thumbnail,
});

const TYPE_LABELS = { project: 'Project', proposal: 'Proposal' } as const;

/** /admin/projects/new and /admin/projects/edit/{id}. */
export function ProjectFormPage() {
  const { id } = useParams();
  const project = projectsApi.useOne(id);
  useErrorToast(project.error, 'Failed to load project');
  const title = id ? 'Edit Project' : 'New Project';
  if (id && project.isError) return <AdminNotFound />;
  return (
    <>
      <PageHeader title={title} lead={id ? project.data?.title : 'Add a work to the portfolio.'} />
      {id && !project.data ? (
        <Loading />
      ) : (
        <ProjectForm id={id} initial={project.data ? valuesOf(project.data) : NEW_PROJECT} />
      )}
    </>
  );
}

function ProjectForm({ id, initial }: { id?: string; initial: Values }) {
  const navigate = useNavigate();
  const save = projectsApi.useSave(id);
  const form = useForm<Values, unknown, ProjectInput>({
    resolver: zodResolver(ProjectInput) as never,
    defaultValues: initial,
  });
  const { register, control, formState, setError, handleSubmit, watch, setValue } = form;
  const errors = formState.errors;
  const { guard, release } = useLeaveGuard(formState.isDirty);

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      release();
      showToast(
        id ? 'Project Updated' : 'Project Created',
        `"${saved.title}" has been ${id ? 'updated' : 'created'}.`,
        'success',
      );
      navigate('/admin/projects');
    } catch (error) {
      showSaveError(error, setError, id ? 'Failed to update project' : 'Failed to create project');
    }
  });

  const images = {
    images: watch('images'),
    thumbnail: watch('thumbnail') ?? null,
    image_alts: watch('image_alts'),
  };

  return (
    <FormLayout
      label={id ? 'Edit Project' : 'New Project'}
      onSubmit={submit}
      submitLabel={id ? 'Update Project' : 'Create Project'}
      busy={save.isPending}
      cancelTo="/admin/projects"
      aside={
        <ProjectImages
          value={images}
          error={errors.images?.message ?? errors.thumbnail?.message}
          onChange={(next) => {
            setValue('images', next.images, { shouldDirty: true });
            setValue('thumbnail', next.thumbnail, { shouldDirty: true });
            setValue('image_alts', next.image_alts, { shouldDirty: true });
          }}
        />
      }
    >
      {guard}
      <FormField label="Project Title" required error={errors.title?.message}>
        <TextField.Root {...register('title')} />
      </FormField>
      <FormField label="Category" required error={errors.category?.message}>
        {(props) => (
          <Controller
            control={control}
            name="category"
            render={({ field }) => (
              <Select.Root value={field.value} onValueChange={field.onChange}>
                <Select.Trigger {...props} />
                <Select.Content>
                  {PROJECT_CATEGORIES.map((category) => (
                    <Select.Item key={category} value={category}>
                      {CATEGORY_LABELS[category]}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            )}
          />
        )}
      </FormField>
      <FormField label="Description" required error={errors.description?.message}>
        <TextArea rows={6} {...register('description')} />
      </FormField>
      <FormField label="Location" error={errors.location?.message}>
        <TextField.Root {...register('location')} />
      </FormField>
      <FormField label="Client" error={errors.client?.message}>
        <TextField.Root {...register('client')} />
      </FormField>
      <FormField label="Completion Date" error={errors.completion_date?.message}>
        <TextField.Root type="date" {...register('completion_date')} />
      </FormField>
      <FormField label="Project Type" required error={errors.project_type?.message}>
        {(props) => (
          <Controller
            control={control}
            name="project_type"
            render={({ field }) => (
              <Select.Root value={field.value} onValueChange={field.onChange}>
                <Select.Trigger {...props} />
                <Select.Content>
                  {PROJECT_TYPES.map((type) => (
                    <Select.Item key={type} value={type}>
                      {TYPE_LABELS[type]}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            )}
          />
        )}
      </FormField>
      <FormField label="Status" error={errors.status?.message}>
        {(props) => (
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <Select.Root value={field.value} onValueChange={field.onChange}>
                <Select.Trigger {...props} />
                <Select.Content>
                  <Select.Item value="draft">Draft</Select.Item>
                  <Select.Item value="published">Published</Select.Item>
                </Select.Content>
              </Select.Root>
            )}
          />
        )}
      </FormField>
    </FormLayout>
  );
}
