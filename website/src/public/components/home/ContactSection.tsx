import { type ContactFormResult, OFFICE_HOURS, type SiteSettings } from '@atelier/shared';
import { Island } from '../../islands/Island';
import { Named, pageTexts, studioTexts, unlessBuiltIn } from '../../lib/studio-texts';
import { LiveContactCard } from './ContactCard';
import { ContactForm, SPEC_BUDGETS } from './ContactForm';

import '../../styles/contact.css';

/** The contact block (anchor #contact): the studio's details and office hours beside the inquiry form. */
export function ContactSection({
  settings,
  eyebrow = 'Contact Us',
  intro = true,
  form,
}: {
  settings: SiteSettings;
  /** The answer to the form sent without JavaScript, on /contact. */
  form?: ContactFormResult;
  eyebrow?: string;
  /** The invitation under the heading; the /contact page has its own in its opening. */
  intro?: boolean;
}) {
  const texts = studioTexts(settings);
  const invitation = pageTexts(settings).intro_contact;
  return (
    <section
      id="contact"
      className={`contact-block${intro ? '' : ' contact-block--compact'}`}
      aria-labelledby="contact-title"
    >
      <div className="contact-block__inner">
        <div className="contact-block__head">
          <p className="eyebrow">{eyebrow}</p>
          <h2 id="contact-title">Get In Touch</h2>
          {intro && invitation && (
            <p className="section__intro">
              <Named text={invitation} />
            </p>
          )}
        </div>
        <div className="contact-block__body">
          <Island
            name="contact-card"
            component={LiveContactCard}
            props={{ hours: unlessBuiltIn(texts.office_hours, OFFICE_HOURS) }}
          />
          <Island
            name="contact-form"
            component={ContactForm}
            props={{ initial: form, budgets: unlessBuiltIn(texts.budget_ranges, SPEC_BUDGETS) }}
          />
        </div>
      </div>
    </section>
  );
}
