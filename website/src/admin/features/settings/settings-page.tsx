import { isRequestFailure, type SiteSettings } from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Callout, Card, Flex, Select, Skeleton, Tabs, Text } from '@radix-ui/themes';
import { useCallback, useEffect, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { showToast } from '../../../lib/toasts';
import { useFormDraft } from '../../ui/form-draft';
import { showSaveError } from '../../ui/form-errors';
import { HistoryPanel } from '../../ui/history-panel';
import { PageHeader } from '../../ui/page-header';
import type { DiffField } from '../../ui/record-diff';
import { SampleContentCard } from '../../ui/sample-content-card';
import { UnsavedChangesGuard } from '../../ui/unsaved-guard';
import { SettingsForm, settingsFormValues, useSaveSettings, useSettingsQuery } from './api';
import { RevisionRetentionCard } from './revision-retention-card';
import { errorPaths, SOCIAL_FIELDS, TAB_CONTENT, TABS, type Tab, tabOf } from './settings-tabs';
import { SiteTransferCard } from './site-transfer-card';

const checkSettings = zodResolver(SettingsForm);

/** The fields the settings' History compares. */
const SETTINGS_FIELDS: DiffField[] = [
  { key: 'site_name', label: 'Site name', kind: 'text' },
  { key: 'site_description', label: 'Site description', kind: 'long' },
  { key: 'contact_email', label: 'Contact email', kind: 'text' },
  { key: 'contact_phone', label: 'Contact phone', kind: 'text' },
  { key: 'office_address', label: 'Office address', kind: 'long' },
  { key: 'footer_text', label: 'Footer text', kind: 'long' },
  { key: 'show_social_links', label: 'Show social links', kind: 'value' },
  { key: 'facebook_url', label: 'Facebook', kind: 'text' },
  { key: 'twitter_url', label: 'Twitter', kind: 'text' },
  { key: 'instagram_url', label: 'Instagram', kind: 'text' },
  { key: 'linkedin_url', label: 'LinkedIn', kind: 'text' },
  { key: 'founded_year', label: 'Founded', kind: 'value' },
  { key: 'opening_hours', label: 'Opening hours', kind: 'text' },
  { key: 'price_range', label: 'Price range', kind: 'text' },
  { key: 'theme_color', label: 'Theme colour', kind: 'value' },
  { key: 'logo_light_url', label: 'Logo (light)', kind: 'images' },
  { key: 'logo_dark_url', label: 'Logo (dark)', kind: 'images' },
  { key: 'favicon_url', label: 'Favicon', kind: 'images' },
  { key: 'texts', label: "The site's texts", kind: 'value' },
];

/**
 * The form's check. With the social links switched off, their fields are disabled: neither checked nor sent,
 * so the stored links are kept (the server still checks those).
 */
const settingsResolver: typeof checkSettings = (values, context, options) =>
  checkSettings(
    values.show_social_links
      ? values
      : (Object.fromEntries(
          Object.entries(values).filter(([name]) => !SOCIAL_FIELDS.includes(name)),
        ) as typeof values),
    context,
    options,
  );

/**
 * /admin/settings: the settings form's tabs (a section menu on phones), one Save Changes; a save reaches open
 * public pages live. Further cards of the page go in the column under the form.
 */
export function SettingsPage() {
  const settings = useSettingsQuery();
  const save = useSaveSettings();
  const [tab, setTab] = useState<Tab>('general');
  const form = useForm({ resolver: settingsResolver });
  const { handleSubmit, reset, formState, setError } = form;
  // The version the form shows and saves against (If-Match). Only the first load, a save and the admin's own
  // "Reload" replace it, so a conflict never throws away what the admin typed before they choose.
  const [base, setBase] = useState<SiteSettings>();
  const [conflict, setConflict] = useState(false);
  const draft = useFormDraft(form, 'settings/site', { dirty: formState.isDirty, ready: Boolean(base) });
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
          void draft.saved();
          load(saved);
          showToast('Settings saved successfully.', 'Open pages of the website show the change now.');
        },
        onError: (error) => {
          draft.keep();
          if (isRequestFailure(error) && error.status === 409) setConflict(true);
          showSaveError(error, setError, 'Could not save settings to database.');
          if (isRequestFailure(error)) showTabOf(error.issues.map((issue) => issue.path));
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
  const showTabOf = (paths: string[]) => {
    const first = tabOf(paths);
    if (first) setTab(first);
  };
  const onInvalid = (found: FieldErrors<SettingsForm>) => showTabOf(errorPaths(found));
  const saveButton = (
    <Button type="submit" form="settings-form" disabled={!base || save.isPending}>
      {save.isPending ? 'Saving...' : 'Save Changes'}
    </Button>
  );
  return (
    <>
      <PageHeader
        title="Settings"
        lead="The studio's name, words and details shown across the website."
        actions={saveButton}
      />
      <UnsavedChangesGuard when={formState.isDirty && !save.isPending} onLeave={draft.discard} />
      {draft.banner}
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
        <Flex direction="column" gap="4" className="admin-settings">
          <form
            id="settings-form"
            onSubmit={handleSubmit(onValid, onInvalid)}
            noValidate
            aria-label="Site settings"
          >
            <Card size={{ initial: '2', sm: '3' }}>
              <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
                <Box display={{ initial: 'none', sm: 'block' }}>
                  <Tabs.List>
                    {TABS.map(({ value, label }) => (
                      <Tabs.Trigger key={value} value={value}>
                        {label}
                      </Tabs.Trigger>
                    ))}
                  </Tabs.List>
                </Box>
                {/* A phone has no room for the tabs side by side: the same sections, chosen from a menu. */}
                <Flex display={{ initial: 'flex', sm: 'none' }} direction="column" gap="1">
                  <Text as="label" size="2" weight="medium" id="settings-section-label">
                    Section
                  </Text>
                  <Select.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
                    <Select.Trigger aria-labelledby="settings-section-label" />
                    <Select.Content>
                      {TABS.map(({ value, label }) => (
                        <Select.Item key={value} value={value}>
                          {label}
                        </Select.Item>
                      ))}
                    </Select.Content>
                  </Select.Root>
                </Flex>
                <Box pt="4">
                  {TABS.map(({ value }) => {
                    const Content = TAB_CONTENT[value];
                    return (
                      <Tabs.Content key={value} value={value}>
                        <Content form={form} />
                      </Tabs.Content>
                    );
                  })}
                </Box>
              </Tabs.Root>
            </Card>
          </form>
        </Flex>
      )}
      <Box mt="5" className="admin-settings">
        <Flex direction="column" gap="5">
          <RevisionRetentionCard />
          <SampleContentCard />
          <SiteTransferCard />
          {base && (
            <HistoryPanel
              item={{ path: 'settings' }}
              fields={SETTINGS_FIELDS}
              current={base}
              onRestored={() => void reload()}
            />
          )}
        </Flex>
      </Box>
    </>
  );
}
