import type { TeamMember } from '@atelier/shared';
import { revealStep } from '../../lib/reveal';
import { Named } from '../../lib/studio-texts';
import { Picture } from '../Picture';
import '../../styles/about.css';

const NETWORKS = [
  [
    'linkedin_url',
    'LinkedIn',
    'fill',
    'M4.5 9h3v10.5h-3zM6 4.3a1.75 1.75 0 1 1 0 3.5 1.75 1.75 0 0 1 0-3.5zM10 9h2.9v1.5c.5-.9 1.6-1.8 3.3-1.8 3.1 0 3.8 2 3.8 4.7v6.1h-3v-5.4c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8v5.5H10z',
  ],
  [
    'instagram_url',
    'Instagram',
    'stroke',
    'M8 3.5h8A4.5 4.5 0 0 1 20.5 8v8a4.5 4.5 0 0 1-4.5 4.5H8A4.5 4.5 0 0 1 3.5 16V8A4.5 4.5 0 0 1 8 3.5zM12 8.3a3.7 3.7 0 1 0 0 7.4 3.7 3.7 0 0 0 0-7.4zM17.2 6.3v.01',
  ],
  [
    'facebook_url',
    'Facebook',
    'fill',
    'M13.5 20.5v-7h2.4l.4-2.8h-2.8V9c0-.8.3-1.4 1.4-1.4h1.5V5.1a19 19 0 0 0-2.2-.1c-2.2 0-3.7 1.3-3.7 3.8v1.9H8v2.8h2.5v7',
  ],
] as const;

/** "Chikondi Banda" → "CB"; titles such as "Dr" are skipped. */
function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^\p{Lu}/u.test(w) && !/^(Dr|Mr|Mrs|Ms|Prof)\.?$/.test(w));
  return words
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
}

/** The team, in the order they joined (the API's order), each with portrait, role, words and profiles. */
export function TeamSection({ team, intro }: { team: TeamMember[]; intro: string }) {
  return (
    <section className="section team" aria-labelledby="team-title">
      <div className="section__head">
        <p className="eyebrow">The people</p>
        <h2 id="team-title">Meet the Team</h2>
        {intro && (
          <p className="section__intro">
            <Named text={intro} />
          </p>
        )}
      </div>
      {team.length === 0 ? (
        <p className="empty">Our team will be introduced here soon.</p>
      ) : (
        <ul className="team__grid" {...revealStep(120)}>
          {team.map((member) => {
            const links = NETWORKS.filter(([key]) => member[key]);
            return (
              <li key={member.id} className="member">
                {member.image ? (
                  <div className="member__portrait">
                    <Picture
                      src={member.image}
                      alt={`Portrait of ${member.name}`}
                      sizes="(min-width: 1280px) 22vw, (min-width: 640px) 45vw, 100vw"
                      width={800}
                      height={1000}
                    />
                  </div>
                ) : (
                  // No photograph: the initials, set large, instead of a stock silhouette.
                  <div className="member__portrait member__portrait--initials" aria-hidden="true">
                    <span>{initials(member.name)}</span>
                  </div>
                )}
                <h3 className="member__name">{member.name}</h3>
                <p className="member__role">{member.role}</p>
                {member.quote && (
                  <blockquote className="member__quote">
                    <p>{member.quote}</p>
                  </blockquote>
                )}
                {links.length > 0 && (
                  <ul className="member__links">
                    {links.map(([key, label, draw, path]) => (
                      <li key={key}>
                        <a href={member[key] ?? undefined} target="_blank" rel="noopener noreferrer">
                          <span className="visually-hidden">{`${member.name} on ${label}`}</span>
                          <svg
                            viewBox="0 0 24 24"
                            aria-hidden="true"
                            className={`member__icon member__icon--${draw}`}
                          >
                            <path d={path} />
                          </svg>
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
