import { Callout, Flex, Switch, Text, TextArea, TextField } from '@radix-ui/themes';
import { Controller, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { FormField } from '../../ui/form-field';
import { ImageField } from '../../ui/image-field';
import type { SettingsForm } from './api';
import { ListField } from './list-field';

type Form = UseFormReturn<SettingsForm>;
type TextKey = keyof NonNullable<SettingsForm['texts']>;

/** The tabs of the settings form, in order, with the fields each holds (a refused field shows its tab). */
export const TABS = [
  {
    value: 'general',
    label: 'General',
    fields: ['site_name', 'site_description', 'founded_year', 'texts.city', 'texts.hero_line'],
  },
  { value: 'logos', label: 'Logos', fields: ['logo_light_url', 'logo_dark_url', 'favicon_url'] },
  {
    value: 'about',
    label: 'About',
    fields: [
      'texts.about_intro',
      'texts.story_title',
      'texts.story_lede',
      'texts.story_text',
      'texts.vision',
      'texts.approach',
      'texts.principles',
    ],
  },
  {
    value: 'texts',
    label: 'Page Texts',
    fields: [
      'texts.intro_services',
      'texts.intro_team',
      'texts.intro_videos',
      'texts.intro_contact',
      'texts.intro_projects_page',
      'texts.intro_services_page',
      'texts.intro_blog_page',
      'texts.intro_contact_page',
      'texts.projects_cta_title',
      'texts.projects_cta_text',
      'texts.map_hint',
    ],
  },
  {
    value: 'contact',
    label: 'Contact',
    fields: [
      'contact_email',
      'contact_phone',
      'office_address',
      'texts.office_hours',
      'texts.budget_currency',
      'texts.budget_ranges',
    ],
  },
  {
    value: 'social',
    label: 'Social Media',
    fields: ['show_social_links', 'facebook_url', 'twitter_url', 'instagram_url', 'linkedin_url'],
  },
  { value: 'footer', label: 'Footer', fields: ['footer_text'] },
] as const;
export type Tab = (typeof TABS)[number]['value'];

/** The tab holding the first of `paths` (dotted field paths) in error. */
export const tabOf = (paths: string[]): Tab | undefined =>
  TABS.find((tab) =>
    tab.fields.some((field) => paths.some((path) => path === field || path.startsWith(`${field}.`))),
  )?.value;

/** The dotted paths of every error in a form's errors ("texts.office_hours.0.days"). */
export function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (!value || typeof value !== 'object') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    return 'message' in value && typeof value.message === 'string'
      ? [path]
      : errorPaths(value as FieldErrors, path);
  });
}

const PLACEHOLDERS =
  'In these texts {name} reads the site name, {founded} the founding year, {city} the city and {year} the current year. A blank line starts a new paragraph.';

function Placeholders() {
  return (
    <Callout.Root color="gray" size="1">
      <Callout.Text>{PLACEHOLDERS}</Callout.Text>
    </Callout.Root>
  );
}

/** A studio text: one line, or several rows. */
function TextInput({
  form,
  name,
  label,
  rows,
  required,
  hint,
}: {
  form: Form;
  name: TextKey;
  label: string;
  rows?: number;
  required?: boolean;
  hint?: string;
}) {
  const error = form.formState.errors.texts?.[name];
  const field = form.register(`texts.${name}`);
  return (
    <FormField
      label={label}
      required={required}
      hint={hint}
      error={error && 'message' in error ? error.message : undefined}
    >
      {rows ? <TextArea rows={rows} {...field} /> : <TextField.Root {...field} />}
    </FormField>
  );
}

export function GeneralTab({ form }: { form: Form }) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <Flex direction="column" gap="3">
      <FormField label="Site Name" required error={errors.site_name?.message}>
        <TextField.Root {...register('site_name')} />
      </FormField>
      <FormField label="Site Description" error={errors.site_description?.message}>
        <TextArea rows={3} {...register('site_description')} />
      </FormField>
      <FormField
        label="Founded Year"
        required
        hint="The home page's hero line, the About page and the search engines' data all read this year."
        error={errors.founded_year?.message}
      >
        <TextField.Root
          type="number"
          inputMode="numeric"
          {...register('founded_year', { valueAsNumber: true })}
        />
      </FormField>
      <TextInput form={form} name="city" label="City" required />
      <TextInput
        form={form}
        name="hero_line"
        label="Home Hero Line"
        required
        hint="Above the studio's name on the home page. {founded} reads the founding year, {city} the city."
      />
    </Flex>
  );
}

export function LogosTab({ form }: { form: Form }) {
  const errors = form.formState.errors;
  const images = [
    [
      'logo_light_url',
      'Light Logo',
      'Shown on the transparent header over a photograph: white or light artwork.',
      'admin-preview--logo admin-preview--on-dark',
    ],
    ['logo_dark_url', 'Dark Logo', 'Shown on the white header: dark artwork.', 'admin-preview--logo'],
    [
      'favicon_url',
      'Favicon',
      'The icon of the browser tab: a square PNG of 512 × 512 pixels works everywhere.',
      'admin-preview--icon',
    ],
  ] as const;
  return (
    <Flex direction="column" gap="5">
      <Text size="2" color="gray">
        Without a logo the header shows the studio's mark and name; without a favicon, the site's own icon.
      </Text>
      {images.map(([name, label, hint, previewClass]) => (
        <ImageField
          key={name}
          control={form.control}
          name={name}
          label={label}
          bucket="projects"
          hint={hint}
          previewClass={previewClass}
          error={errors[name]?.message}
        />
      ))}
    </Flex>
  );
}

export function AboutTab({ form }: { form: Form }) {
  return (
    <Flex direction="column" gap="3">
      <Placeholders />
      <TextInput form={form} name="about_intro" label="Introduction" rows={4} required />
      <TextInput form={form} name="story_title" label="Story Title" required />
      <TextInput
        form={form}
        name="story_lede"
        label="Story Opening"
        rows={3}
        hint="Set larger, before the story."
      />
      <TextInput form={form} name="story_text" label="Story" rows={6} required />
      <TextInput form={form} name="vision" label="Our Vision" rows={4} required />
      <TextInput form={form} name="approach" label="Our Approach" rows={4} required />
      <ListField
        form={form}
        name="texts.principles"
        item="Principle"
        label="Principles"
        hint="Numbered under the story; up to six."
        columns={[
          { key: 'title', label: 'Title' },
          { key: 'text', label: 'Text', multiLine: true },
        ]}
        blank={{ title: '', text: '' }}
        max={6}
      />
    </Flex>
  );
}

const INTROS = [
  ['intro_services', 'Home: Services'],
  ['intro_videos', 'Home: Featured Videos'],
  ['intro_contact', 'Home, About and Services: Contact Block'],
  ['intro_team', 'About: Meet the Team'],
  ['intro_projects_page', 'Projects Page'],
  ['intro_services_page', 'Services Page'],
  ['intro_blog_page', 'Blog Page'],
  ['intro_contact_page', 'Contact Page'],
] as const satisfies readonly (readonly [TextKey, string])[];

export function PageTextsTab({ form }: { form: Form }) {
  return (
    <Flex direction="column" gap="3">
      <Text size="2" color="gray">
        The words under each section's heading. Leave a text empty to show none.
      </Text>
      <Placeholders />
      {INTROS.map(([name, label]) => (
        <TextInput key={name} form={form} name={name} label={label} rows={3} />
      ))}
      <TextInput
        form={form}
        name="projects_cta_title"
        label="Projects Page: Invitation"
        required
        hint="The heading at the foot of the projects page, above the text and the button to the contact page."
      />
      <TextInput form={form} name="projects_cta_text" label="Projects Page: Invitation Text" rows={2} />
      <TextInput form={form} name="map_hint" label="Contact Page: Beside the Map" rows={2} />
    </Flex>
  );
}

export function ContactTab({ form }: { form: Form }) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <Flex direction="column" gap="4">
      <FormField label="Contact Email" error={errors.contact_email?.message}>
        <TextField.Root type="email" {...register('contact_email')} />
      </FormField>
      <FormField label="Contact Phone" error={errors.contact_phone?.message}>
        <TextField.Root type="tel" {...register('contact_phone')} />
      </FormField>
      <FormField label="Office Address" error={errors.office_address?.message}>
        <TextArea rows={3} {...register('office_address')} />
      </FormField>
      <ListField
        form={form}
        name="texts.office_hours"
        item="Hours line"
        label="Office Hours"
        columns={[
          { key: 'days', label: 'Days' },
          { key: 'hours', label: 'Hours' },
        ]}
        blank={{ days: '', hours: '' }}
        min={1}
        max={7}
      />
      <TextInput
        form={form}
        name="budget_currency"
        label="Budget Currency"
        required
        hint="Written wherever a range's label says {currency} ($, MWK, €…)."
      />
      <ListField
        form={form}
        name="texts.budget_ranges"
        item="Range"
        label="Budget Ranges"
        hint="The contact form's choices. The key is stored with each inquiry: keep a range's key when you reword it."
        columns={[
          { key: 'value', label: 'Key' },
          { key: 'label', label: 'Label', wide: true },
        ]}
        blank={{ value: '', label: '' }}
        min={1}
        max={12}
      />
    </Flex>
  );
}

const SOCIAL = [
  ['facebook_url', 'Facebook URL'],
  ['twitter_url', 'Twitter URL'],
  ['instagram_url', 'Instagram URL'],
  ['linkedin_url', 'LinkedIn URL'],
] as const;
export const SOCIAL_FIELDS: string[] = SOCIAL.map(([name]) => name);

export function SocialTab({ form }: { form: Form }) {
  const { register, control, watch, formState } = form;
  const socialOn = watch('show_social_links');
  return (
    <Flex direction="column" gap="3">
      <Text as="label" size="2" weight="medium">
        <Flex gap="2" align="center">
          <Controller
            control={control}
            name="show_social_links"
            render={({ field }) => (
              <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />
            )}
          />
          Show Social Links
        </Flex>
      </Text>
      {SOCIAL.map(([name, label]) => (
        <FormField key={name} label={label} error={formState.errors[name]?.message}>
          <TextField.Root type="url" {...register(name)} disabled={!socialOn} />
        </FormField>
      ))}
    </Flex>
  );
}

export function FooterTab({ form }: { form: Form }) {
  return (
    <FormField
      label="Footer Text"
      hint="{name} reads the site name and {year} the current year, so the copyright follows a new name."
      error={form.formState.errors.footer_text?.message}
    >
      <TextArea rows={3} {...form.register('footer_text')} />
    </FormField>
  );
}

export const TAB_CONTENT: Record<Tab, (props: { form: Form }) => React.ReactNode> = {
  general: GeneralTab,
  logos: LogosTab,
  about: AboutTab,
  texts: PageTextsTab,
  contact: ContactTab,
  social: SocialTab,
  footer: FooterTab,
};
