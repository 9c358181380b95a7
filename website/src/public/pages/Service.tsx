import { type PageOf, paragraphs } from '@atelier/shared';
import { serviceImage } from '../components/home/media';
import { Picture } from '../components/Picture';
import '../styles/services.css';

const STEPS = [
  {
    title: 'Initial Consultation',
    text: 'We meet on site or at the studio to understand your needs, your budget and the place itself, and agree the scope and fee.',
  },
  {
    title: 'Concept Development',
    text: 'We explore ideas in sketches, models and visuals, tested against sun, wind and cost, and choose a direction together.',
  },
  {
    title: 'Design Refinement',
    text: 'The chosen concept is developed in detail: materials, finishes and drawings, ready for approvals and for builders to price.',
  },
  {
    title: 'Implementation',
    text: 'We stay with the work through construction or installation, inspecting regularly until everything is finished properly.',
  },
];

export function Service({ data }: { data: PageOf<'service'> }) {
  const { service, settings } = data;
  const phone = settings.contact_phone;
  return (
    <article className="service-detail">
      <header className="service-detail__head">
        <nav className="crumbs" aria-label="Breadcrumb">
          <ol>
            <li>
              <a href="/">Home</a>
            </li>
            <li>
              <a href="/services">Services</a>
            </li>
            <li aria-current="page">{service.name}</li>
          </ol>
        </nav>
        <h1 className="service-detail__title">{service.name}</h1>
        {service.price_range && <p className="service-detail__price">Price Range: {service.price_range}</p>}
      </header>

      <div className="service-detail__image">
        <Picture
          src={serviceImage(service)}
          alt={service.name}
          sizes="(min-width: 1440px) 1360px, 100vw"
          priority
        />
      </div>

      <div className="service-detail__body">
        <section className="service-detail__about" aria-labelledby="about-service">
          <p className="eyebrow">The service</p>
          <h2 id="about-service">About This Service</h2>
          <div className="service-detail__text">
            {paragraphs(service.description).map((text, index) => (
              <p key={index}>{text}</p>
            ))}
          </div>
        </section>

        <aside className="service-detail__aside" aria-label="Request this service">
          <p className="eyebrow">Start a project</p>
          <p className="service-detail__aside-title">Tell us about your plans</p>
          {service.price_range ? (
            <dl className="service-detail__fee">
              <dt>Typical fees</dt>
              <dd>{service.price_range}</dd>
            </dl>
          ) : (
            <p className="service-detail__fee-note">Fees are proposed after a first meeting.</p>
          )}
          <a className="button service-detail__cta" href="/contact">
            Request This Service
          </a>
          <p className="service-detail__call">
            Or call <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</a>
          </p>
        </aside>
      </div>

      <section className="expect" aria-labelledby="expect-title">
        <div className="expect__inner">
          <p className="eyebrow">How we work</p>
          <h2 id="expect-title">What to Expect</h2>
          <ol className="expect__steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className="expect__step">
                <span className="expect__number" aria-hidden="true">
                  {String(index + 1).padStart(2, '0')}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <div className="service-detail__foot">
        <a className="service-detail__back" href="/services">
          All services
        </a>
      </div>
    </article>
  );
}
