import { type AdminService, REVIEW_MESSAGES, ServiceInput, type ServiceInputValues } from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextArea, TextField } from '@radix-ui/themes';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { useContentRights } from '../../ui/content-rights';
import { EntityFormPage } from '../../ui/entity-form-page';
import { FormField } from '../../ui/form-field';
import { FormLayout } from '../../ui/form-layout';
import { ImageField } from '../../ui/image-field';
import type { DiffField } from '../../ui/record-diff';
import { ReviewCallouts } from '../../ui/review';
import { SlugField } from '../../ui/slug-field';
import { SwitchField } from '../../ui/switch-field';
import { useSaveForm } from '../../ui/use-save-form';
import { servicesApi } from './api';

/** The fields its History compares, as the form names them. */
const SERVICE_FIELDS: DiffField[] = [
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'slug', label: 'Address', kind: 'text' },
  { key: 'description', label: 'Description', kind: 'long' },
  { key: 'icon', label: 'Icon', kind: 'images' },
  { key: 'image', label: 'Image', kind: 'images' },
  { key: 'price_range', label: 'Price range', kind: 'text' },
  { key: 'is_active', label: 'Active', kind: 'value' },
];

const valuesOf = (service: AdminService | undefined, publish: boolean): ServiceInputValues => ({
  name: service?.name ?? '',
  slug: service?.slug ?? '',
  description: service?.description ?? '',
  icon: service?.icon ?? '',
  image: service?.image ?? null,
  price_range: service?.price_range ?? '',
  // Kept exactly as stored (the old app always saved true); a contributor's new service starts inactive.
  is_active: service?.is_active ?? publish,
});

/** /admin/services/new and /admin/services/edit/{id}. */
export function ServiceFormPage() {
  const { id } = useParams();
  return (
    <EntityFormPage
      id={id}
      query={servicesApi.useOne(id)}
      history={{ path: 'services', fields: SERVICE_FIELDS }}
      title={id ? 'Edit Service' : 'New Service'}
      lead={(service) => (id ? service?.name : 'Describe a service of the studio.')}
      loadError="Failed to fetch services."
    >
      {(service) => <ServiceForm id={id} service={service} />}
    </EntityFormPage>
  );
}

function ServiceForm({ id, service }: { id?: string; service?: AdminService }) {
  const rights = useContentRights();
  const locked = service ? rights.lockedBecause(service.author_id, service.is_active) : null;
  const form = useForm<ServiceInputValues>({
    resolver: zodResolver(ServiceInput) as never,
    defaultValues: valuesOf(service, rights.publish),
  });
  const { register, control, formState, handleSubmit } = form;
  const errors = formState.errors;
  const { guard, save, busy } = useSaveForm({
    mutation: servicesApi.useSave(id, service?.updated_at),
    form,
    listPath: '/admin/services',
    saved: (saved) => ({
      title: id ? 'Service updated' : 'Service created',
      description: `"${saved.name}" has been ${id ? 'updated' : 'created'}.`,
    }),
    failure: id ? 'Failed to update service' : 'Failed to create service',
  });
  const submit = handleSubmit(save);

  return (
    <FormLayout
      label={id ? 'Edit Service' : 'New Service'}
      onSubmit={submit}
      submitLabel={id ? 'Update Service' : 'Create Service'}
      busy={busy}
      cancelTo="/admin/services"
      readOnly={Boolean(locked)}
      aside={
        <ImageField
          control={control}
          name="image"
          label="Service Image"
          bucket="projects"
          error={errors.image?.message}
        />
      }
    >
      {guard}
      <ReviewCallouts locked={locked} />
      <FormField label="Service Name" required error={errors.name?.message}>
        <TextField.Root {...register('name')} />
      </FormField>
      <SlugField section="services" field={register('slug')} error={errors.slug?.message} />
      <FormField label="Description" required error={errors.description?.message}>
        <TextArea rows={5} {...register('description')} />
      </FormField>
      <FormField
        label="Icon URL"
        hint="Falls back to the service image when empty."
        error={errors.icon?.message}
      >
        <TextField.Root type="url" {...register('icon')} />
      </FormField>
      <FormField label="Price Range" hint="For example: MWK 2M – 5M" error={errors.price_range?.message}>
        <TextField.Root {...register('price_range')} />
      </FormField>
      <SwitchField
        control={control}
        name="is_active"
        label="Active Service"
        disabled={!rights.publish}
        hint={rights.publish ? undefined : REVIEW_MESSAGES.cantPublish}
      />
    </FormLayout>
  );
}
