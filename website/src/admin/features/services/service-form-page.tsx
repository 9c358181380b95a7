import { type Service, ServiceInput, type ServiceInputValues } from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Flex, Switch, Text, TextArea, TextField } from '@radix-ui/themes';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { showToast } from '../../../lib/toasts';
import { servicesApi } from '../../api/services';
import { AdminNotFound } from '../../layout/not-found';
import { showSaveError } from '../../ui/form-errors';
import { FormField } from '../../ui/form-field';
import { FormLayout } from '../../ui/form-layout';
import { ImageField } from '../../ui/image-field';
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/page-header';
import { useLeaveGuard } from '../../ui/unsaved-guard';
import { useErrorToast } from '../../ui/use-error-toast';

const valuesOf = (service?: Service): ServiceInputValues => ({
  name: service?.name ?? '',
  description: service?.description ?? '',
  icon: service?.icon ?? '',
  image: service?.image ?? null,
  price_range: service?.price_range ?? '',
  // Kept exactly as stored (the old app always saved true).
  is_active: service?.is_active ?? true,
});

/** /admin/services/new and /admin/services/edit/{id}. */
export function ServiceFormPage() {
  const { id } = useParams();
  const service = servicesApi.useOne(id);
  useErrorToast(service.error, 'Failed to fetch services.');
  if (id && service.isError) return <AdminNotFound />;
  return (
    <>
      <PageHeader
        title={id ? 'Edit Service' : 'New Service'}
        lead={id ? service.data?.name : 'Describe a service of the studio.'}
      />
      {id && !service.data ? <Loading /> : <ServiceForm id={id} service={service.data} />}
    </>
  );
}

function ServiceForm({ id, service }: { id?: string; service?: Service }) {
  const navigate = useNavigate();
  const save = servicesApi.useSave(id);
  const form = useForm<ServiceInputValues>({
    resolver: zodResolver(ServiceInput) as never,
    defaultValues: valuesOf(service),
  });
  const { register, control, formState, setError, handleSubmit } = form;
  const errors = formState.errors;
  const { guard, release } = useLeaveGuard(formState.isDirty);

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      release();
      showToast(
        id ? 'Service updated' : 'Service created',
        `"${saved.name}" has been ${id ? 'updated' : 'created'}.`,
        'success',
      );
      navigate('/admin/services');
    } catch (error) {
      showSaveError(error, setError, id ? 'Failed to update service' : 'Failed to create service');
    }
  });

  return (
    <FormLayout
      label={id ? 'Edit Service' : 'New Service'}
      onSubmit={submit}
      submitLabel={id ? 'Update Service' : 'Create Service'}
      busy={save.isPending}
      cancelTo="/admin/services"
      aside={
        <Controller
          control={control}
          name="image"
          render={({ field }) => (
            <ImageField
              label="Service Image"
              value={field.value}
              onChange={field.onChange}
              bucket="projects"
              error={errors.image?.message}
            />
          )}
        />
      }
    >
      {guard}
      <FormField label="Service Name" required error={errors.name?.message}>
        <TextField.Root {...register('name')} />
      </FormField>
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
      <Controller
        control={control}
        name="is_active"
        render={({ field }) => (
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Switch checked={field.value} onCheckedChange={field.onChange} />
              Active Service
            </Flex>
          </Text>
        )}
      />
    </FormLayout>
  );
}
