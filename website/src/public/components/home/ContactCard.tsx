import { OFFICE_HOURS } from '@atelier/shared';
import { telHref } from '../../lib/format';
import { useLiveSettings } from '../../lib/live-settings';
import { usePageSettings } from '../../lib/page-settings';
import { SpriteIcon } from '../SpriteIcon';

function Icon({ name }: { name: 'pin' | 'phone' | 'mail' | 'clock' }) {
  return <SpriteIcon name={name} className="contact-card__icon" />;
}

/**
 * The contact block's card: the studio's name and details (following the live settings, like the header and
 * footer) and its office hours (the spec's unless the studio wrote its own).
 */
export function LiveContactCard({
  hours = OFFICE_HOURS,
}: {
  hours?: readonly { days: string; hours: string }[];
}) {
  const settings = useLiveSettings(usePageSettings());
  return (
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
              {hours.map((row) => (
                <div key={`${row.days}-${row.hours}`}>
                  <dt>{row.days}</dt>
                  <dd>{row.hours}</dd>
                </div>
              ))}
            </dl>
          </div>
        </li>
      </ul>
    </aside>
  );
}
