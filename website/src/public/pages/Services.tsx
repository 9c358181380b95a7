import { entityPath, excerpt, type PageOf } from '@atelier/shared';
import { ContactSection } from '../components/home/ContactSection';
import { serviceImage } from '../components/home/media';
import { PageIntro } from '../components/home/PageIntro';
import { Picture } from '../components/Picture';
import { Paragraphs, pageTexts } from '../lib/studio-texts';
import '../styles/services.css';

export function Services({ data }: { data: PageOf<'services'> }) {
  const { settings, services } = data;
  return (
    <>
      <PageIntro eyebrow="What we do" title="Our Services">
        <Paragraphs text={pageTexts(settings).intro_services_page} />
      </PageIntro>

      <section className="section service-list" aria-label="Services">
        {services.length === 0 ? (
          <p className="empty">Our services will be listed here shortly.</p>
        ) : (
          <ol className="service-list__items">
            {services.map((service, index) => (
              <li key={service.id}>
                <article className="service-card">
                  <div className="service-card__media">
                    <Picture
                      src={serviceImage(service)}
                      alt=""
                      sizes="(min-width: 1024px) 50vw, 100vw"
                      priority={index === 0}
                    />
                  </div>
                  <div className="service-card__body">
                    <p className="service-card__number" aria-hidden="true">
                      {String(index + 1).padStart(2, '0')}
                    </p>
                    <h2 className="service-card__name">
                      <a href={entityPath('services', service)}>{service.name}</a>
                    </h2>
                    <p className="service-card__text">{excerpt(service.description, 240)}</p>
                    <dl className="service-card__price">
                      <dt>Price Range</dt>
                      <dd>{service.price_range ?? 'Fee proposal on request'}</dd>
                    </dl>
                    <span className="service-card__more" aria-hidden="true">
                      View service
                    </span>
                  </div>
                </article>
              </li>
            ))}
          </ol>
        )}
      </section>

      <ContactSection settings={settings} />
    </>
  );
}
