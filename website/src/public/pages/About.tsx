import type { PageOf } from '@atelier/shared';
import { ContactSection } from '../components/home/ContactSection';
import { PageIntro } from '../components/home/PageIntro';
import { TeamSection } from '../components/home/TeamSection';
import '../styles/about.css';

const PRINCIPLES = [
  {
    title: 'Climate first',
    text: 'Deep verandas, cross-ventilation, shade and thermal mass before any machine. Our buildings stay cool in October and dry in the rains.',
  },
  {
    title: 'Close to hand',
    text: 'Local brick, soil blocks, hardwoods and the skill of the builders around the site: lower costs, simpler maintenance, and money that stays nearby.',
  },
  {
    title: 'On site, every week',
    text: 'Drawings are a promise; site is where we keep it. We inspect the work regularly and certify only what is properly built.',
  },
];

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
  const years = `Since ${settings.founded_year}`;
  return (
    <>
      <PageIntro eyebrow={`${settings.site_name} · ${years}`} title="About Our Studio">
        <p>
          We are an architecture, interior and urban design studio in Lilongwe. Since {settings.founded_year}{' '}
          we have designed homes, workplaces, lodges and public spaces across Malawi that are comfortable in
          its climate, built from what is close to hand, and made to be looked after for generations.
        </p>
      </PageIntro>

      <section className="section story" aria-labelledby="story-title">
        <div className="story__grid">
          <div className="story__statement">
            <p className="eyebrow">Who we are</p>
            <h2 id="story-title">A veranda, a tree, and everything that follows</h2>
            <VerandaDrawing />
          </div>
          <div className="story__text">
            <p className="story__lede">
              Every good house in Malawi has its veranda: the shaded place in front where guests are welcomed,
              work gets done and the day cools down. That is where our way of designing begins.
            </p>
            <p>
              {settings.site_name} was founded in Lilongwe in {settings.founded_year} on a simple conviction:
              that a good building here owes more to the sun, the wind and the rains than to any catalogue.
              Today we are a small team of architects, interior designers and planners, working from a first
              sketch on site to the day the keys are handed over.
            </p>
            <div className="story__columns">
              <div>
                <h3>Our Vision</h3>
                <p>
                  Towns and homes across Malawi that are cool without air conditioning, built with local
                  materials and local hands, and generous to the people who walk past them as well as those
                  who live inside. We want every project to leave its street a little better than it found it.
                </p>
              </div>
              <div>
                <h3>Our Approach</h3>
                <p>
                  We listen first: to clients, neighbours, councillors and builders. We study the plot through
                  a full day of sun before we draw, test our ideas in models and on site, and keep budgets
                  honest by designing with what is close to hand. Then we stay until the work is built
                  properly.
                </p>
              </div>
            </div>
          </div>
        </div>

        <ul className="principles">
          {PRINCIPLES.map((item, index) => (
            <li key={item.title} className="principles__item">
              <span className="principles__number" aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </span>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <TeamSection team={team} />
      <ContactSection settings={settings} />
    </>
  );
}
