import { type ContactFormResult, OFFICE_HOURS, type SiteSettings } from '@atelier/shared';
import { Island } from '../../islands/Island';
import { ContactForm } from './ContactForm';
import '../../styles/contact.css';

const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;

function Icon({ name }: { name: 'pin' | 'phone' | 'mail' | 'clock' }) {
  const paths = {
    pin: 'M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
    phone:
      'M6.6 3.5h2.6l1.3 4.1-1.9 1.3a11 11 0 0 0 6.5 6.5l1.3-1.9 4.1 1.3v2.6a1.9 1.9 0 0 1-2 1.9A16.6 16.6 0 0 1 4.7 5.5a1.9 1.9 0 0 1 1.9-2z',
    mail: 'M3.5 6h17v12h-17zM3.5 6.5 12 13l8.5-6.5',
    clock: 'M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17zM12 7.5V12l3 2',
  };
  return (
    <svg className="contact-card__icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d={paths[name]} />
    </svg>
  );
}

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
          {intro && (
            <p className="section__intro">
              Tell us about your plot, your building or your neighbourhood. A first conversation is free, and
              the earlier we talk, the more we can help.
            </p>
          )}
        </div>
        <div className="contact-block__body">
          <aside className="contact-card" aria-label="Studio contact details">
            <p className="contact-card__name">{settings.site_name}</p>
            <ul className="contact-card__list">
              <li>
                <Icon name="pin" />
                <div>
                  <h3>Office Address</h3>
                  <address>{settings.office_address}</address>
                </div>
              </li>
              <li>
                <Icon name="phone" />
                <div>
                  <h3>Phone Number</h3>
                  <a href={telHref(settings.contact_phone)}>{settings.contact_phone}</a>
                </div>
              </li>
              <li>
                <Icon name="mail" />
                <div>
                  <h3>Email Address</h3>
                  <a href={`mailto:${settings.contact_email}`}>{settings.contact_email}</a>
                </div>
              </li>
              <li>
                <Icon name="clock" />
                <div>
                  <h3>Office Hours</h3>
                  <dl className="contact-card__hours">
                    {OFFICE_HOURS.map((row) => (
                      <div key={row.days}>
                        <dt>{row.days}</dt>
                        <dd>{row.hours}</dd>
                      </div>
                    ))}
                  </dl>
                </div>
              </li>
            </ul>
          </aside>
          <Island name="contact-form" component={ContactForm} props={{ initial: form }} />
        </div>
      </div>
    </section>
  );
}
