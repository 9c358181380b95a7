import { isRequestFailure, type SiteSettings } from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  Callout,
  Card,
  Flex,
  Skeleton,
  Switch,
  Tabs,
  Text,
  TextArea,
  TextField,
} from '@radix-ui/themes';
import { useCallback, useEffect, useState } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { showToast } from '../../../lib/toasts';
import { showSaveError } from '../../ui/form-errors';
import { FormField } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { SampleContentCard } from '../../ui/sample-content-card';
import { UnsavedChangesGuard } from '../../ui/unsaved-guard';
import { SettingsForm, settingsFormValues, useSaveSettings, useSettingsQuery } from './api';

const TABS = {
  general: ['site_name', 'site_description'],
  contact: ['contact_email', 'contact_phone', 'office_address'],
  social: ['show_social_links', 'facebook_url', 'twitter_url', 'instagram_url', 'linkedin_url'],
  footer: ['footer_text'],
} as const satisfies Record<string, readonly (keyof SettingsForm)[]>;
type Tab = keyof typeof TABS;

const SOCIAL = [
  ['facebook_url', 'Facebook URL'],
  ['twitter_url', 'Twitter URL'],
  ['instagram_url', 'Instagram URL'],
  ['linkedin_url', 'LinkedIn URL'],
] as const;

const SOCIAL_FIELDS = SOCIAL.map(([name]) => name);
const checkSettings = zodResolver(SettingsForm);

/**
 * The form's check. With the social links switched off, their fields are disabled: neither checked nor sent,
 * so the stored links are kept (the server still checks those).
 */
const settingsResolver: typeof checkSettings = (values, context, options) =>
  checkSettings(
    values.show_social_links
      ? values
      : (Object.fromEntries(
          Object.entries(values).filter(([name]) => !(SOCIAL_FIELDS as string[]).includes(name)),
        ) as typeof values),
    context,
    options,
  );

/** /admin/settings: four tabs, one Save Changes; a save reaches open public pages live. */
export function SettingsPage() {
  const settings = useSettingsQuery();
  const save = useSaveSettings();
  const [tab, setTab] = useState<Tab>('general');
  const { register, control, handleSubmit, reset, watch, formState, setError } = useForm({
    resolver: settingsResolver,
  });
  const errors = formState.errors;
  // The version the form shows and saves against (If-Match). Only the first load, a save and the admin's own
  // "Reload" replace it, so a conflict never throws away what the admin typed before they choose.
  const [base, setBase] = useState<SiteSettings>();
  const [conflict, setConflict] = useState(false);
  const load = useCallback(
    (loaded: SiteSettings) => {
      setBase(loaded);
      setConflict(false);
      reset(settingsFormValues(loaded));
    },
    [reset],
  );

  useEffect(() => {
    if (settings.data && !base) load(settings.data);
  }, [settings.data, base, load]);
  useEffect(() => {
    if (settings.error) showToast('Error', 'Could not load settings.', 'destructive');
  }, [settings.error]);

  const onValid = (input: SettingsForm) => {
    if (!base) return;
    save.mutate(
      { current: base, input },
      {
        onSuccess: (saved) => {
          load(saved);
          showToast('Settings saved successfully.', 'Open pages of the website show the change now.');
        },
        onError: (error) => {
          if (isRequestFailure(error) && error.status === 409) setConflict(true);
          showSaveError(error, setError, 'Could not save settings to database.');
          if (isRequestFailure(error)) showTabOf(error.issues.map((issue) => issue.path.split('.')[0]));
        },
      },
    );
  };
  const reload = async () => {
    const fresh = await settings.refetch();
    // A failed reload keeps the form (and the warning) as they were.
    if (fresh.data && !fresh.error) load(fresh.data);
    else showToast('Error', 'Could not load settings.', 'destructive');
  };
  // Shows the tab holding the first field in error, so its message is seen.
  const showTabOf = (fields: (string | undefined)[]) => {
    const first = (Object.keys(TABS) as Tab[]).find((name) =>
      TABS[name].some((field) => fields.includes(field)),
    );
    if (first) setTab(first);
  };
  const onInvalid = (found: FieldErrors<SettingsForm>) => showTabOf(Object.keys(found));

  const socialOn = watch('show_social_links');
  const saveButton = (
    <Button type="submit" form="settings-form" disabled={!base || save.isPending}>
      {save.isPending ? 'Saving...' : 'Save Changes'}
    </Button>
  );
  return (
    <>
      <PageHeader
        title="Settings"
        lead="The studio's details shown across the website."
        actions={saveButton}
      />
      <UnsavedChangesGuard when={formState.isDirty && !save.isPending} />
      {conflict && (
        <Callout.Root color="amber" role="alert" mb="4" style={{ maxWidth: 760 }}>
          <Callout.Text>
            Someone else saved the settings while you were editing. What you typed is still here: reload to
            see their version (this replaces your changes), or copy what you need first.
          </Callout.Text>
          <Box>
            <Button type="button" variant="soft" color="amber" onClick={() => void reload()}>
              Reload settings
            </Button>
          </Box>
        </Callout.Root>
      )}
      {!base ? (
        <Skeleton height="320px" />
      ) : (
        <form
          id="settings-form"
          onSubmit={handleSubmit(onValid, onInvalid)}
          noValidate
          aria-label="Site settings"
        >
          <Card size="3" style={{ maxWidth: 760 }}>
            <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
              <Tabs.List wrap="wrap">
                <Tabs.Trigger value="general">General</Tabs.Trigger>
                <Tabs.Trigger value="contact">Contact</Tabs.Trigger>
                <Tabs.Trigger value="social">Social Media</Tabs.Trigger>
                <Tabs.Trigger value="footer">Footer</Tabs.Trigger>
              </Tabs.List>
              <Box pt="4">
                <Tabs.Content value="general">
                  <Flex direction="column" gap="3">
                    <FormField label="Site Name" required error={errors.site_name?.message}>
                      <TextField.Root {...register('site_name')} />
                    </FormField>
                    <FormField label="Site Description" error={errors.site_description?.message}>
                      <TextArea rows={3} {...register('site_description')} />
                    </FormField>
                  </Flex>
                </Tabs.Content>
                <Tabs.Content value="contact">
                  <Flex direction="column" gap="3">
                    <FormField label="Contact Email" error={errors.contact_email?.message}>
                      <TextField.Root type="email" {...register('contact_email')} />
                    </FormField>
                    <FormField label="Contact Phone" error={errors.contact_phone?.message}>
                      <TextField.Root type="tel" {...register('contact_phone')} />
                    </FormField>
                    <FormField label="Office Address" error={errors.office_address?.message}>
                      <TextArea rows={3} {...register('office_address')} />
                    </FormField>
                  </Flex>
                </Tabs.Content>
                <Tabs.Content value="social">
                  <Flex direction="column" gap="3">
                    <Text as="label" size="2" weight="medium">
                      <Flex gap="2" align="center">
                        <Controller
                          control={control}
                          name="show_social_links"
                          render={({ field }) => (
                            <Switch
                              checked={field.value}
                              onCheckedChange={field.onChange}
                              onBlur={field.onBlur}
                            />
                          )}
                        />
                        Show Social Links
                      </Flex>
                    </Text>
                    {SOCIAL.map(([name, label]) => (
                      <FormField key={name} label={label} error={errors[name]?.message}>
                        <TextField.Root type="url" {...register(name)} disabled={!socialOn} />
                      </FormField>
                    ))}
                  </Flex>
                </Tabs.Content>
                <Tabs.Content value="footer">
                  <FormField label="Footer Text" error={errors.footer_text?.message}>
                    <TextArea rows={3} {...register('footer_text')} />
                  </FormField>
                </Tabs.Content>
              </Box>
            </Tabs.Root>
          </Card>
        </form>
      )}
      <Box mt="5" maxWidth="760px">
        <SampleContentCard />
      </Box>
    </>
  );
}
