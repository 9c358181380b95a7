import {
  type AdminProject,
  type FocalPoint,
  PROJECT_TYPES,
  ProjectInput,
  type ProjectInputValues,
  projectContent,
  REVIEW_MESSAGES,
} from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextArea, TextField } from '@radix-ui/themes';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { useContentRights } from '../../ui/content-rights';
import { EntityFormPage } from '../../ui/entity-form-page';
import { FormField } from '../../ui/form-field';
import { FormLayout } from '../../ui/form-layout';
import { PreviewButton } from '../../ui/preview-button';
import { PublishChecksPanel, usePublishChecks } from '../../ui/publish-checks';
import type { DiffField } from '../../ui/record-diff';
import { ReviewActions, ReviewCallouts, useReviewForm } from '../../ui/review';
import { SelectField, STATUS_OPTIONS } from '../../ui/select-field';
import { SlugField } from '../../ui/slug-field';
import { SwitchField } from '../../ui/switch-field';
import { useSaveForm } from '../../ui/use-save-form';
import { projectsApi } from './api';
import { useCategories } from './categories-api';
import { ProjectImages } from './project-images';

/** The fields its History compares, as the form names them. */
const PROJECT_FIELDS: DiffField[] = [
  { key: 'title', label: 'Title', kind: 'text' },
  { key: 'slug', label: 'Address', kind: 'text' },
  { key: 'description', label: 'Description', kind: 'long' },
  { key: 'category', label: 'Category', kind: 'value' },
  { key: 'location', label: 'Location', kind: 'text' },
  { key: 'client', label: 'Client', kind: 'text' },
  { key: 'completion_date', label: 'Completion date', kind: 'value' },
  { key: 'status', label: 'Status', kind: 'value' },
  { key: 'project_type', label: 'Type', kind: 'value' },
  { key: 'images', label: 'Images', kind: 'images' },
  { key: 'thumbnail', label: 'Thumbnail', kind: 'images' },
  { key: 'image_alts', label: 'Alt texts', kind: 'value' },
  { key: 'image_focus', label: 'Focal points', kind: 'value' },
  { key: 'featured', label: 'Featured', kind: 'value' },
];

type Values = ProjectInputValues & {
  images: string[];
  image_alts: Record<string, string>;
  image_focus: Record<string, FocalPoint>;
};

const NEW_PROJECT: Values = {
  title: '',
  slug: '',
  description: '',
  category: 'residential',
  location: '',
  client: '',
  completion_date: '',
  status: 'draft',
  project_type: 'project',
  images: [],
  image_alts: {},
  image_focus: {},
  thumbnail: null,
  featured: false,
};

const valuesOf = (project: AdminProject): Values => ({
  title: project.title,
  slug: project.slug ?? '',
  description: project.description,
  category: project.category,
  location: project.location,
  client: project.client,
  completion_date: project.completion_date ?? '',
  status: project.status,
  project_type: project.project_type ?? 'proposal',
  images: project.images,
  image_alts: project.image_alts ?? {},
  image_focus: project.image_focus ?? {},
  thumbnail: project.thumbnail,
  featured: project.featured,
});

const TYPE_LABELS = { project: 'Project', proposal: 'Proposal' } as const;
const TYPE_OPTIONS = PROJECT_TYPES.map((type) => [type, TYPE_LABELS[type]] as const);

/** /admin/projects/new and /admin/projects/edit/{id}. */
export function ProjectFormPage() {
  const { id } = useParams();
  return (
    <EntityFormPage
      id={id}
      query={projectsApi.useOne(id)}
      history={{ path: 'projects', fields: PROJECT_FIELDS }}
      title={id ? 'Edit Project' : 'New Project'}
      lead={(project) => (id ? project?.title : 'Add a work to the portfolio.')}
      loadError="Failed to load project"
    >
      {(project) => <ProjectForm id={id} project={project} />}
    </EntityFormPage>
  );
}

function ProjectForm({ id, project }: { id?: string; project?: AdminProject }) {
  const form = useForm<Values, unknown, ProjectInput>({
    resolver: zodResolver(ProjectInput) as never,
    defaultValues: project ? valuesOf(project) : NEW_PROJECT,
  });
  const { register, control, formState, handleSubmit, watch, setValue } = form;
  const errors = formState.errors;
  const rights = useContentRights();
  const categories = useCategories().data ?? [];
  const category = watch('category');
  // A new project starts in the spec's default category, or the studio's first where it has none such.
  useEffect(() => {
    const first = categories[0]?.slug;
    if (!project && first && !categories.some((c) => c.slug === category)) setValue('category', first);
  }, [categories, category, project, setValue]);
  const locked = project ? rights.lockedBecause(project.user_id, project.status === 'published') : null;
  const saving = useSaveForm({
    mutation: projectsApi.useSave(id, project?.updated_at),
    form,
    listPath: '/admin/projects',
    saved: (saved) => ({
      title: id ? 'Project Updated' : 'Project Created',
      description: `"${saved.title}" has been ${id ? 'updated' : 'created'}.`,
    }),
    failure: id ? 'Failed to update project' : 'Failed to create project',
  });
  const { guard, save, busy } = saving;
  const review = useReviewForm({
    api: projectsApi,
    id,
    form: saving,
    published: (title) => ({ title: 'Project Published', description: `"${title}" is on the website.` }),
  });
  const images = {
    images: watch('images'),
    thumbnail: watch('thumbnail') ?? null,
    image_alts: watch('image_alts'),
    image_focus: watch('image_focus'),
  };
  const checks = usePublishChecks(
    projectContent({ ...images, title: watch('title'), description: watch('description') }),
  );
  const submit = handleSubmit((values) => (checks.refuses(values.status) ? undefined : save(values)));
  const submitForReview = handleSubmit((values) =>
    review.submit({ ...values, status: 'draft' }, values.title),
  );
  const publish = handleSubmit((values) =>
    checks.refuses('published')
      ? undefined
      : review.publish({ ...values, status: 'published' }, values.title),
  );

  return (
    <FormLayout
      label={id ? 'Edit Project' : 'New Project'}
      onSubmit={submit}
      submitLabel={id ? 'Update Project' : 'Create Project'}
      busy={busy || review.busy}
      cancelTo="/admin/projects"
      readOnly={Boolean(locked)}
      preview={project && <PreviewButton entity="projects" id={project.id} name={project.title} />}
      checks={!locked && <PublishChecksPanel {...checks} />}
      actions={
        !locked && (
          <ReviewActions
            item={project}
            author={!project || rights.isAuthor(project.user_id)}
            publish={rights.publish}
            busy={busy || review.busy}
            onSubmit={submitForReview}
            onPublish={publish}
            onSendBack={review.sendBack}
          />
        )
      }
      aside={
        <ProjectImages
          value={images}
          error={errors.images?.message ?? errors.thumbnail?.message}
          onChange={(next) => {
            setValue('images', next.images, { shouldDirty: true });
            setValue('thumbnail', next.thumbnail, { shouldDirty: true });
            setValue('image_alts', next.image_alts, { shouldDirty: true });
            setValue('image_focus', next.image_focus, { shouldDirty: true });
          }}
        />
      }
    >
      {guard}
      <ReviewCallouts item={project} locked={locked} publish={rights.publish} />
      <FormField label="Project Title" required error={errors.title?.message}>
        <TextField.Root {...register('title')} />
      </FormField>
      <SlugField section="projects" field={register('slug')} error={errors.slug?.message} />
      <SelectField
        control={control}
        name="category"
        label="Category"
        required
        options={categories.map((c) => [c.slug, c.name] as const)}
        hint={rights.publish ? 'Add, rename and order categories under Projects → Categories.' : undefined}
        error={errors.category?.message}
      />
      <FormField label="Description" required error={errors.description?.message}>
        <TextArea rows={6} className="admin-grow" {...register('description')} />
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
      <SelectField
        control={control}
        name="project_type"
        label="Project Type"
        required
        options={TYPE_OPTIONS}
        error={errors.project_type?.message}
      />
      <SelectField
        control={control}
        name="status"
        label="Status"
        options={STATUS_OPTIONS}
        error={errors.status?.message}
        disabled={!rights.publish}
        hint={rights.publish ? undefined : REVIEW_MESSAGES.cantPublish}
      />
      <SwitchField
        control={control}
        name="featured"
        label="Featured on the home page"
        disabled={!rights.publish}
        hint={rights.publish ? undefined : REVIEW_MESSAGES.cantFeature}
      />
    </FormLayout>
  );
}
