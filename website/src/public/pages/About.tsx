import type { PageOf } from '@atelier/shared';
import type { CSSProperties } from 'react';
import { ContactSection } from '../components/home/ContactSection';
import { balancedColumns } from '../components/home/media';
import { PageIntro } from '../components/home/PageIntro';
import { TeamSection } from '../components/home/TeamSection';
import { Named, Paragraphs, pageTexts } from '../lib/studio-texts';
import '../styles/about.css';

/** A veranda in elevation: where the studio's way of designing begins. */
function VerandaDrawing() {
  return (
    <svg className="story__drawing" viewBox="0 0 560 300" aria-hidden="true">
      <path className="story__ground" d="M10 262h540" />
      <path d="M40 118 240 42l200 76" />
      <path d="M28 124h424" />
      <path d="M70 124v138M150 124v138M330 124v138M410 124v138" />
      <path className="story__fine" d="M190 262v-92h100v92M205 185h70M40 262h390" />
      <path className="story__fine" d="M86 150h48v40H86zM346 150h48v40h-48z" />
      <path className="story__gold" d="M240 42v-22M224 262h32" />
      <path className="story__fine" d="M505 262v-64M505 224l-13-13M505 214l11-12" />
      <path d="M480 204c-17-2-22-26-6-35-1-20 25-29 38-15 14-10 37-1 35 18 15 6 12 31-6 33-16 3-43 1-61-1z" />
    </svg>
  );
}

export function About({ data }: { data: PageOf<'about'> }) {
  const { settings, team } = data;
  const texts = pageTexts(settings);
  return (
    <>
      <PageIntro
        eyebrow={
          <>
            <span data-site-name="">{settings.site_name}</span> · Since {settings.founded_year}
          </>
        }
        title="About Our Studio"
      >
        <Paragraphs text={texts.about_intro} />
      </PageIntro>

      <section className="section story" aria-labelledby="story-title">
        <div className="story__grid">
          <div className="story__statement">
            <p className="eyebrow">Who we are</p>
            <h2 id="story-title">
              <Named text={texts.story_title} />
            </h2>
            <VerandaDrawing />
          </div>
          <div className="story__text">
            <Paragraphs text={texts.story_lede} className="story__lede" />
            <Paragraphs text={texts.story_text} />
            <div className="story__columns">
              <div>
                <h3>Our Vision</h3>
                <Paragraphs text={texts.vision} />
              </div>
              <div>
                <h3>Our Approach</h3>
                <Paragraphs text={texts.approach} />
              </div>
            </div>
          </div>
        </div>

        {texts.principles.length > 0 && (
          <ul
            className="principles"
            style={{ '--principle-cols': balancedColumns(texts.principles.length, 3) } as CSSProperties}
          >
            {texts.principles.map((item, index) => (
              <li key={`${index}-${item.title}`} className="principles__item">
                <span className="principles__number" aria-hidden="true">
                  {String(index + 1).padStart(2, '0')}
                </span>
                <h3>
                  <Named text={item.title} />
                </h3>
                <p>
                  <Named text={item.text} />
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <TeamSection team={team} intro={texts.intro_team} />
      <ContactSection settings={settings} />
    </>
  );
}
