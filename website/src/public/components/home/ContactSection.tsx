import { type ContactFormResult, OFFICE_HOURS, type SiteSettings } from '@atelier/shared';
import { Island } from '../../islands/Island';
import { SpriteIcon } from '../SpriteIcon';
import { ContactForm } from './ContactForm';
import '../../styles/contact.css';

const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;

function Icon({ name }: { name: 'pin' | 'phone' | 'mail' | 'clock' }) {
  return <SpriteIcon name={name} className="contact-card__icon" />;
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
