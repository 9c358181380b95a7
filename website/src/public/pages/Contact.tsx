import type { PageOf } from '@atelier/shared';
import { ContactSection } from '../components/home/ContactSection';
import { OfficeMap } from '../components/home/OfficeMap';
import { PageIntro } from '../components/home/PageIntro';
import { Paragraphs, pageTexts } from '../lib/studio-texts';
import '../styles/contact.css';

export function Contact({ data }: { data: PageOf<'contact'> }) {
  const { settings } = data;
  return (
    <>
      <PageIntro eyebrow={settings.site_name} title="Contact Us">
        <Paragraphs text={pageTexts(settings).intro_contact_page} />
      </PageIntro>
      <ContactSection settings={settings} eyebrow="Write to us" intro={false} form={data.form} />
      <OfficeMap settings={settings} />
    </>
  );
}
