import { entityPath, excerpt, SERVICE_TILE_CHARS, type ServiceCard, TIMINGS } from '@atelier/shared';
import type { CSSProperties } from 'react';
import { revealStep } from '../../lib/reveal';
import { Named } from '../../lib/studio-texts';
import { Picture } from '../Picture';
import { balancedColumns, serviceImage } from './media';
import '../../styles/home.css';

/** "What We Offer": a tile per active service, revealing its name and summary on hover or focus. */
export function ServicesGrid({ services, intro }: { services: ServiceCard[]; intro: string }) {
  return (
    <section className="offer" aria-labelledby="offer-title">
      <div className="offer__inner">
        <div className="offer__head">
          <div className="offer__heading">
            <p className="eyebrow">Services</p>
            <h2 id="offer-title">What We Offer</h2>
          </div>
          {intro && (
            <p className="offer__intro">
              <Named text={intro} />
            </p>
          )}
        </div>
        {services.length === 0 ? (
          <p className="empty">Our services will be listed here shortly.</p>
        ) : (
          <ul
            className="offer-grid"
            {...revealStep(TIMINGS.serviceTileDelayMs)}
            style={{ '--offer-cols': balancedColumns(services.length, 5) } as CSSProperties}
          >
            {services.map((service, index) => (
              <li key={service.id} className="offer-tile">
                <a href={entityPath('services', service)}>
                  <Picture
                    className="offer-tile__image"
                    src={serviceImage(service)}
                    alt=""
                    sizes="(min-width: 1100px) 40vw, (min-width: 640px) 85vw, 150vw"
                  />
                  <span className="offer-tile__number" aria-hidden="true">
                    {String(index + 1).padStart(2, '0')}
                  </span>
                  <span className="offer-tile__body">
                    <span className="offer-tile__name">{service.name}</span>
                    <span className="offer-tile__reveal">
                      <span className="offer-tile__reveal-inner">
                        <span className="offer-tile__text">
                          {excerpt(service.description, SERVICE_TILE_CHARS)}
                        </span>
                        <span className="offer-tile__more" aria-hidden="true">
                          Discover
                        </span>
                      </span>
                    </span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
