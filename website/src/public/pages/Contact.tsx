import type { PageOf } from '@atelier/shared';
import { ContactSection } from '../components/home/ContactSection';
import { OfficeMap } from '../components/home/OfficeMap';
import { PageIntro } from '../components/home/PageIntro';
import '../styles/contact.css';

export function Contact({ data }: { data: PageOf<'contact'> }) {
  const { settings } = data;
  return (
    <>
      <PageIntro eyebrow={settings.site_name} title="Contact Us">
        <p>
          Planning a home, a workplace, a lodge or a public space? Write to us, call, or visit the studio in
          Lilongwe. We answer every message ourselves.
        </p>
      </PageIntro>
      <ContactSection settings={settings} eyebrow="Write to us" intro={false} form={data.form} />
      <OfficeMap settings={settings} />
    </>
  );
}
