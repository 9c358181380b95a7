/**
 * Sample content seeded into an empty database: the projects, services, journal posts, team, hero videos
 * and site settings of a small Lilongwe studio. Pure data; the seeder turns image kinds into placeholder
 * files and day offsets into timestamps.
 */

import { SAMPLE_SOCIAL_LINKS } from '../lib/sample-studio';
import type { Shot } from './imagery';
import * as journal from './journal';
export type Category = 'residential' | 'commercial' | 'landscape' | 'interior' | 'urban';

interface SeedProject {
  title: string;
  /** Paragraphs separated by a single line break. */
  description: string;
  category: Category;
  location: string;
  /** Empty for private clients who asked not to be named. */
  client: string;
  status: 'published' | 'draft';
  /** `project` is finished work, `proposal` a concept or competition entry. */
  project_type: 'project' | 'proposal';
  /** `YYYY-MM-DD`. */
  completion_date: string | null;
  featured: boolean;
  /** The first image is the hero and thumbnail. */
  images: Shot[];
  created_days_ago: number;
}

interface SeedService {
  name: string;
  /** Paragraphs separated by a blank line. */
  description: string;
  price_range: string | null;
  is_active: boolean;
  image: Shot;
}

interface SeedBlogPost {
  title: string;
  excerpt: string | null;
  /** Markdown: paragraphs separated by a blank line, `## ` lines for headings (see journal.ts). */
  content: string;
  status: 'published' | 'draft';
  publish_days_ago: number | null;
  /** The first keyword is the post's category. */
  seo_keywords: string[];
  views: number;
  image: Shot;
}

interface SeedTeamMember {
  name: string;
  role: string;
  quote: string;
  facebook_url: string | null;
  instagram_url: string | null;
  linkedin_url: string | null;
  created_days_ago: number;
}

interface SeedVideo {
  title: string;
  url: string;
  description: string;
  project_type: 'project' | 'proposal';
  is_active: boolean;
  created_days_ago: number;
}

interface SeedSettings {
  site_name: string;
  site_description: string;
  contact_email: string;
  contact_phone: string;
  office_address: string;
  footer_text: string;
  show_social_links: boolean;
  facebook_url: string;
  twitter_url: string;
  instagram_url: string;
  linkedin_url: string;
  founded_year: number;
}

export const projects: SeedProject[] = [
  // ── Residential ──────────────────────────────────────────────────────────────
  {
    title: 'Khonde House',
    description: [
      'Khonde House is a single-storey home for a family of five on a long, gently sloping plot in Area 10. The brief was simple and demanding at the same time: a house that stays cool through October without air conditioning, that can host a wedding committee of forty on a Saturday, and that still feels calm on an ordinary Tuesday evening.',
      'The plan is organised around its namesake, a khonde or veranda three metres deep that runs the full length of the north side. It is the real living room of the house. Bedrooms, kitchen and a small study open onto it through pairs of full-height timber doors, so that in the dry season the whole house can be thrown open to the garden.',
      'We kept the two mature mango trees the family had been eating from for twenty years and set the house between them. Their canopy shades the western end of the veranda through the afternoon, and the outdoor dining table now sits exactly where the shade falls at lunchtime.',
      'The walls are burnt brick from a kiln near Nathenje, laid in rat-trap bond. The bond uses roughly a quarter fewer bricks than a solid wall and leaves an insulating cavity at its core. We worked with the brickmaker to sort each delivery by firing, so that the hardest, most evenly burnt units went to the exposed outer faces.',
      'The roof is a lightweight steel structure with insulated sheeting, lifted clear of the walls on a continuous band of high timber louvres. Hot air rising from the rooms escapes at the top while cooler air is drawn in from the shaded veranda. On the hottest October afternoons the bedrooms sit five to six degrees below the temperature in the street.',
      'Every square metre of roof drains to a 30,000-litre underground tank beneath the entrance court. In a normal rainy season it supplies the garden and the toilets well into July, and a simple first-flush diverter keeps the water clean enough for the laundry.',
      'Floors are polished cement screed, with a darker border in the rooms and a burnt-orange oxide finish on the veranda. Doors, window frames and the kitchen worktop are mukwa from a licensed sawmill, stacked and seasoned on site for four months before the joiner began.',
      'The house was built by a contractor from Area 25 with a crew of mostly local tradespeople. It took fourteen months from setting out to handover and came in at just under $420 per square metre, including the water tank and external works.',
      'Two rainy seasons on, the family tell us that the veranda is where homework gets done, where visitors are received and where the youngest has her afternoon nap. That is exactly the house we hoped to build.',
    ].join('\n'),
    category: 'residential',
    location: 'Area 10, Lilongwe',
    client: 'The Chirwa family',
    status: 'published',
    project_type: 'project',
    completion_date: '2023-06-30',
    featured: true,
    images: ['pavilion', 'terrace', 'living', 'site-plan', 'dining', 'pavilion'],
    created_days_ago: 352,
  },
  {
    title: 'Garden Cottages, Area 47',
    description: [
      'Four two-bedroom rental cottages on a single plot in Area 47, Sector 4, arranged around a shared garden rather than lined up behind a boundary wall. The owner wanted long-term tenants, not a quick return, and asked for homes that young families would choose to stay in.',
      'Each cottage is built from stabilised soil blocks pressed on site from the excavated subsoil, mixed with around seven per cent cement. Making the blocks on the plot saved the cost of carting away spoil and of buying and firing bricks, and it gave two of the tenants paid work before they had even moved in.',
      'The cottages are turned so that every living room faces north-east onto the garden, with a deep roof overhang that keeps the high summer sun off the glass but lets the low winter sun reach the back wall. Windows on opposite sides of every room make cross-ventilation the default, not an option.',
      'Rainwater from all four roofs is collected in two 10,000-litre tanks that irrigate the shared vegetable beds, and a single shaded washing court replaces four separate yards. The result is a small community rather than four units, and after three years the cottages have not had a single vacancy.',
    ].join('\n'),
    category: 'residential',
    location: 'Area 47, Lilongwe',
    client: 'Kalulu Properties',
    status: 'published',
    project_type: 'project',
    completion_date: '2022-03-18',
    featured: true,
    images: ['terrace', 'site-plan', 'terrace', 'living', 'landscape'],
    created_days_ago: 512,
  },
  {
    title: 'Zomba Plateau Retreat',
    description: [
      'A weekend house for a retired doctor and her husband on the upper slopes of Zomba Plateau, in a clearing among old pine plantation and indigenous woodland above the Mulunguzi stream.',
      'The plateau turns almost every assumption we work with in Lilongwe on its head. Nights between June and August can drop close to freezing, mist settles for days at a time and the rain arrives sideways. Here the task was not to keep heat out, but to gather it in and hold on to it.',
      'The house is a single, long room under a steep roof, with the living space, kitchen and two sleeping alcoves arranged along a north-facing wall of glass. In winter the low sun reaches the back of the room by mid-morning and warms a dark stone floor laid over a thick bed of compacted gravel.',
      'The rear wall, built from granite boulders cleared from the site itself, acts as a thermal battery. A central fireplace is built into it, and its flue runs inside the masonry so that the warmth of an evening fire is still coming off the stone when the owners wake.',
      'Above the stone, the house is framed in plantation pine treated against borer and termites, and clad in vertical boards that are left to weather to silver. A generous overhang on the north side is sized to shade the glass from October to March, when the sun stands almost overhead.',
      'Everything had to come up the plateau road in a pick-up, so no single component weighs more than two people can carry. The steel roof trusses were fabricated in Zomba town in sections and bolted together on site.',
      'Water comes from a spring higher up the slope and is stored in a 5,000-litre tank, with the overflow led back into the stream through a planted swale. A modest solar array with battery storage covers lighting, the refrigerator and the pump.',
      'The owners describe it as the only house they have known that feels warmer in July than the town below. We are quietly proud that it has needed neither a heater nor a generator in four winters.',
    ].join('\n'),
    category: 'residential',
    location: 'Zomba Plateau, Zomba',
    client: 'Dr and Mr Kachingwe',
    status: 'published',
    project_type: 'project',
    completion_date: '2021-09-10',
    featured: true,
    images: ['terrace', 'living', 'terrace', 'site-plan', 'studio', 'landscape'],
    created_days_ago: 604,
  },
  {
    title: 'Lakeshore House, Senga Bay',
    description: [
      'A family holiday house set back behind the dunes at Senga Bay, about two hours’ drive from Lilongwe, designed for long weekends, large lunches and the heavy, humid heat of the lakeshore in November.',
      'The living spaces sit on a raised timber deck about a metre above the sand, which lifts them into the breeze off the lake and keeps them dry when the rains come. Underneath, the shade is cool enough to store the boat and the fishing gear.',
      'A thatched roof of local grass over a steel frame covers the whole house, including an open-sided lounge that faces the water. Bedrooms are simple burnt brick boxes beneath it, each with full-height insect screens and timber shutters in place of glass.',
      'There is no air conditioning. Ceiling fans, the deep shade of the thatch and openings on every side keep the rooms comfortable, and a solar hot-water system handles the showers. Grey water from the kitchen and showers feeds a reed bed that waters the garden of indigenous lakeshore trees.',
      'We worked closely with a Salima builder who had thatched lodges along this shore for twenty years. His knowledge of how the lake wind behaves in the rainy season shaped the roof pitch more than any of our drawings did.',
    ].join('\n'),
    category: 'residential',
    location: 'Senga Bay, Salima',
    client: 'The Nkhoma family',
    status: 'published',
    project_type: 'project',
    completion_date: '2024-01-26',
    featured: true,
    images: ['lake-house', 'lake-house', 'living', 'dining', 'site-plan'],
    created_days_ago: 268,
  },
  {
    title: 'Area 43 House Renovation',
    description: [
      'The renovation and extension of a 1970s bungalow in Area 43 for a young couple who bought it from the original owners. The house was sound but dark, divided into small rooms and heated all afternoon by a western wall with no shade at all.',
      'We removed two internal walls to make a single kitchen and living space, added a high strip of clerestory windows under a raised section of roof, and built a new timber pergola along the western side, planted with a granadilla vine that now shades the wall for most of the year.',
      'The extension, a main bedroom and bathroom, is built in burnt brick to match the original and set back slightly so that the old house is still legible. Existing steel windows were repaired and repainted rather than replaced, which saved both money and a good deal of character.',
      'Total construction cost was about $38,000, a little over half of what the couple had been quoted to demolish and rebuild.',
    ].join('\n'),
    category: 'residential',
    location: 'Area 43, Lilongwe',
    client: '',
    status: 'published',
    project_type: 'project',
    completion_date: '2020-11-14',
    featured: false,
    images: ['pavilion', 'dining', 'living', 'site-plan'],
    created_days_ago: 706,
  },
  {
    title: 'Namiwawa Hillside House',
    description: [
      'A house for a family of four on a steep plot in Namiwawa, Blantyre, looking south across the city towards Soche Hill. The site drops almost eight metres from the road to the lower boundary, and most of the neighbours had responded to similar slopes with a single level platform and a tall retaining wall.',
      'We chose instead to step the house down the hill in three terraces, each only a half-storey below the last, so that the retaining walls stay low and every room opens onto its own piece of garden. The walls are dry-laid granite from a quarry in Chigumula, built by masons who also rebuilt the terraces of a nearby tea estate.',
      'The main living room sits on the middle terrace beneath a broad, low-pitched roof. Its wall of glass faces south to the view and so takes almost no direct sun, while a row of high windows on the north side lets the low winter sun reach halfway across the floor. In the hot season a two-metre overhang keeps those windows in shade.',
      'Surface water was the greatest risk on this site. Each terrace has a planted drainage channel at its back edge, and all roof water is led to a 20,000-litre tank beneath the carport before overflowing into a soakaway at the foot of the garden. During the 2025 rains, when the road above flooded twice, the garden stayed intact.',
      'Interiors are simple: lime-washed walls, mbawa joinery, and a floor of terracotta tiles made in Blantyre. The family moved in with their own furniture and the house already feels as if it has always been there.',
    ].join('\n'),
    category: 'residential',
    location: 'Namiwawa, Blantyre',
    client: 'The Mhango family',
    status: 'published',
    project_type: 'project',
    completion_date: '2025-04-12',
    featured: true,
    images: ['hillside', 'hillside', 'site-plan', 'living', 'dining', 'landscape'],
    created_days_ago: 77,
  },
  {
    title: 'Chibavi Starter Homes',
    description: [
      'A proposal for forty incremental starter homes in Chibavi, Mzuzu, prepared for a housing co-operative of teachers, nurses and junior civil servants who have been saving together for six years.',
      'Each household receives a serviced plot and a core house of around 36 square metres: one room, a kitchen and a wet core with a flushing toilet. The core is deliberately placed at one corner of the plot so that families can add two or three rooms over time, following a simple set of drawings that we will provide free of charge.',
      'Walls are stabilised soil blocks made by the co-operative itself with two manual presses, using laterite excavated for the access roads. Roofs are steel sheeting on treated eucalyptus trusses, with an overhang of at least 900 millimetres on every side to protect the block walls from Mzuzu’s long, heavy rains.',
      'Rainwater is collected from every roof into a shared tank for each cluster of eight homes, and the layout keeps the mature trees along the stream as a common green that also holds the steep ground together.',
      'Our estimate for the core house is about $9,500, including the share of roads, water and drainage, which is within reach of the co-operative’s savings scheme and a modest housing loan. The co-operative is now in discussion with two lenders.',
    ].join('\n'),
    category: 'residential',
    location: 'Chibavi, Mzuzu',
    client: 'Chibavi Housing Co-operative',
    status: 'published',
    project_type: 'proposal',
    completion_date: null,
    featured: false,
    images: ['terrace', 'site-plan', 'terrace', 'living', 'site-plan'],
    created_days_ago: 240,
  },
  {
    title: 'Potter’s House and Studio, Dedza',
    description: [
      'A house and working studio for a ceramicist on the edge of Dedza town, under the shoulder of Dedza Mountain and within walking distance of the clay pits she has worked from for fifteen years.',
      'The studio is a tall, simple shed of burnt brick with a clerestory running along its ridge, giving an even south light across the wheels and benches. The kiln sits in its own open-sided shelter, separated from the timber roof by a firebreak of gravel and a masonry wall.',
      'The house is small and faces the studio across a shared courtyard paved in offcuts of the potter’s own unglazed tiles. Dedza is cold and windy in June and July, so the living room faces north into the winter sun, turns a thick, almost windowless wall to the south-easterly mwera wind, and is warmed by a small wood stove.',
      'Construction finished in late 2025 and we are completing the photographs and drawings for this page.',
    ].join('\n'),
    category: 'residential',
    location: 'Dedza',
    client: 'Ms Esther Kumwenda',
    status: 'draft',
    project_type: 'project',
    completion_date: '2025-11-28',
    featured: false,
    images: ['terrace', 'studio', 'site-plan', 'landscape'],
    created_days_ago: 14,
  },

  // ── Commercial ───────────────────────────────────────────────────────────────
  {
    title: 'Lakeshore Commercial Bank, Kanengo Branch',
    description: [
      'A new branch for Lakeshore Commercial Bank on the main road through Kanengo, serving the industrial area, the tobacco auction floors and the fast-growing housing to the north of Lilongwe.',
      'The bank’s previous branch in the area was a rented shop unit. On pay days the queue stretched along the road in full sun, sometimes for two hours. Our first sketch, before any plan, was simply a roof: a generous, shaded forecourt where people could wait, sit and talk.',
      'The forecourt canopy is a steel frame carrying perforated sheeting, deep enough to shelter the full length of the queue and open on three sides to the breeze. Built-in concrete benches and a drinking-water point were the cheapest items in the budget and are the ones the branch manager mentions most often.',
      'Inside, the banking hall is a single double-height room lit from a row of high north windows. Even daylight and quiet finishes make for a calmer room, and the hall needs no electric lighting during opening hours for most of the year.',
      'The building had to meet the bank’s security standards without looking like a fortress. The secure zones are wrapped in solid burnt brick walls, and the public face is a colonnade of brick piers with steel screens behind, so that the building reads as open while remaining robust.',
      'Power cuts are frequent in Kanengo, so the branch runs on a 30-kilowatt solar array with battery storage, with the generator kept as a last resort. In its first year the generator ran for a total of eleven hours.',
      'Rainwater from the roof and canopy is stored in a 45,000-litre tank for the toilets and the planted strip along the road, which has become one of the few green edges on that stretch of Kanengo.',
      'The branch opened in August 2022 on a budget of around $640,000, and the bank has since asked us to adapt the forecourt and daylighting principles for two further branches.',
    ].join('\n'),
    category: 'commercial',
    location: 'Kanengo, Lilongwe',
    client: 'Lakeshore Commercial Bank',
    status: 'published',
    project_type: 'project',
    completion_date: '2022-08-22',
    featured: true,
    images: ['office', 'office', 'gallery', 'site-plan', 'studio'],
    created_days_ago: 431,
  },
  {
    title: 'Mbuna Bay Lodge',
    description: [
      'An eco-lodge of eight guest chalets, a restaurant and a small dive centre on a rocky stretch of shoreline near Cape Maclear, inside the landscape of Lake Malawi National Park.',
      'The site is beautiful and fragile. Its granite boulders, fig trees and clear water are exactly what guests come for, and we treated every decision as a question of how lightly the lodge could sit among them.',
      'Before drawing anything we spent three days on site with the owners and a local surveyor, mapping every tree with a trunk wider than a hand span. The chalets were then placed in the gaps. Not a single mature tree was felled, and two of the chalets have fig branches reaching across their decks.',
      'Each chalet stands on slender steel legs on small concrete pads, so that rainwater and the lizards that live among the rocks pass underneath undisturbed. The frames are treated eucalyptus, the walls are woven bamboo panels over insect mesh, and the roofs are thatched with grass cut in the hills behind Chembe village.',
      'The restaurant is a single open pavilion with a thatched roof spanning twelve metres, its structure a ring of mukwa posts. There are no walls facing the lake, only a low stone bench, and the lake breeze carries through the room on all but the stillest evenings.',
      'All hot water is solar. Lighting, refrigeration and the dive compressor run from a solar array mounted on the staff housing behind the ridge, out of sight of the beach. Grey water is treated in planted reed beds, and the toilets are composting units that return nothing to the lake.',
      'Around thirty people from Chembe worked on the build, and the joinery, thatching and most of the furniture were made within a few kilometres of the site. Many of them now work at the lodge.',
      'The project cost was about $780,000, phased over two dry seasons so that no construction took place while the lake was at its highest.',
      'The lodge opened in October 2023. Its owners report that guests most often ask about the same things: how the chalets stay so cool, and why the fish come right up to the jetty. We take both as compliments.',
    ].join('\n'),
    category: 'commercial',
    location: 'Cape Maclear, Mangochi',
    client: 'Mbuna Bay Lodge Ltd',
    status: 'published',
    project_type: 'project',
    completion_date: '2023-10-06',
    featured: true,
    images: ['lake-house', 'shore', 'dining', 'site-plan', 'lake-house', 'living', 'landscape', 'pavilion'],
    created_days_ago: 318,
  },
  {
    title: 'Mphatso Health Trust Headquarters',
    description: [
      'The conversion of a tired 1980s office block in City Centre into the national headquarters of the Mphatso Community Health Trust, which supports community health workers in eleven districts.',
      'The building had a sound concrete frame but had been sealed up over the years with tinted glass and split air-conditioning units on every wall. We reopened it. The tinted glass was replaced with clear, openable windows shaded by new horizontal fins of pressed steel, sized for Lilongwe’s sun angles on each facade.',
      'A narrow light well at the centre of the plan, once used for storage, became a planted atrium with a stair. It now works as a thermal chimney, pulling warm air up and out through louvres at roof level, and it is the place where staff meet informally between meetings.',
      'The trust’s electricity bill fell by more than half in the first year, and most offices now use air conditioning only on the hottest weeks of October and November. The savings go back into field programmes.',
      'The works cost about $410,000, roughly a third of the estimate for a new building of similar size, and the trust stayed in the building throughout, moving floor by floor.',
    ].join('\n'),
    category: 'commercial',
    location: 'City Centre, Lilongwe',
    client: 'Mphatso Community Health Trust',
    status: 'published',
    project_type: 'project',
    completion_date: '2024-07-19',
    featured: true,
    images: ['office', 'studio', 'gallery', 'office', 'site-plan'],
    created_days_ago: 196,
  },
  {
    title: 'Ufa Bakery and Café',
    description: [
      'A bakery and café on a corner plot in Area 3, in what was once a mechanic’s workshop with a corrugated roof and a concrete yard.',
      'We kept the steel roof trusses and the yard, and replaced the roof sheeting with insulated panels and a strip of translucent sheeting along the ridge. The bread ovens sit at the back, behind a brick wall that keeps their heat away from the seating, and a high vent takes the warm air straight out.',
      'The yard became a shaded garden under a pergola of steel and reed matting, with tables made from the workshop’s old timber benches. On a Saturday morning it now seats sixty people, most of them outside.',
      'The fit-out was completed in ten weeks on a budget of $46,000, and the bakery opened in time for the cool season in March 2021.',
    ].join('\n'),
    category: 'commercial',
    location: 'Area 3, Lilongwe',
    client: 'Ufa Bakery Ltd',
    status: 'published',
    project_type: 'project',
    completion_date: '2021-03-05',
    featured: false,
    images: ['street', 'dining', 'pavilion', 'dining'],
    created_days_ago: 560,
  },
  {
    title: 'Viphya Hills Coffee Wet Mill and Visitor Centre',
    description: [
      'A proposal for a new wet mill, drying yard and small visitor centre for a family-run coffee estate on the southern edge of the Viphya Plateau, an hour’s drive from Mzuzu.',
      'The estate currently processes its cherry in an open shed and dries it on the ground. The new mill is a long, open-sided building set into the slope, so that water and coffee both move through it by gravity: cherry arrives at the top, passes through pulping and fermentation tanks, and leaves at the bottom as washed parchment.',
      'Waste water from the mill passes through a series of settling ponds and a planted wetland before it returns to the stream, addressing the most serious environmental risk of any wet mill.',
      'Below the mill, raised drying beds of timber and shade net step down the hill in rows. The visitor centre sits at the end of the terrace: a tasting room with a long veranda looking over the beds and the forest beyond, built in burnt brick and plantation pine.',
      'The estate hopes to begin construction after the 2026 harvest, and the first phase is costed at around $260,000.',
    ].join('\n'),
    category: 'commercial',
    location: 'Viphya Plateau, near Mzuzu',
    client: 'Viphya Hills Coffee Estate',
    status: 'published',
    project_type: 'proposal',
    completion_date: '2026-10-31',
    featured: false,
    images: ['terrace', 'site-plan', 'gallery', 'landscape', 'site-plan'],
    created_days_ago: 58,
  },

  // ── Landscape ────────────────────────────────────────────────────────────────
  {
    title: 'Chisomo School Grounds',
    description: [
      'A new landscape for a primary school of 1,400 pupils in Area 25, where the grounds had been reduced to bare, compacted earth that turned to dust in the dry season and to mud in the rains.',
      'We began with water. Swales and shallow planted basins now catch the run-off from the classroom roofs and hold it on site, where it soaks into the ground instead of cutting gullies across the playing field. Two 20,000-litre tanks supply the school garden and the handwashing stations.',
      'More than two hundred indigenous trees were planted, chosen with the teachers for shade, fruit and teaching: msuku, mango, masau and the fast-growing Faidherbia albida that loses its leaves in the rains and shades the ground in the dry season.',
      'Every class adopted a row of trees, and the planting and watering were built into the science curriculum. Four years on, survival is above ninety per cent and the school holds its morning assembly in the shade.',
      'The total cost was under $55,000, including earthworks, tanks, trees and simple benches of reclaimed timber.',
    ].join('\n'),
    category: 'landscape',
    location: 'Area 25, Lilongwe',
    client: 'Chisomo Schools Trust',
    status: 'published',
    project_type: 'project',
    completion_date: '2022-12-09',
    featured: true,
    images: ['landscape', 'site-plan', 'landscape', 'landscape', 'pavilion'],
    created_days_ago: 468,
  },
  {
    title: 'Senga Bay Shoreline Restoration',
    description: [
      'A restoration of six hundred metres of eroded shoreline at Senga Bay, carried out with the district council and the local fishers’ association after several seasons of unusually high lake levels had washed away much of the beach.',
      'The erosion had been made worse by the clearing of shoreline vegetation for fish-drying racks, boat landings and building plots. Our task was to put back enough of the natural edge to hold the sand, while keeping the shore as the working, living place it has always been.',
      'We began by walking the shore with the fishers, the council’s environmental officer and the chiefs of two villages, mapping where boats land, where fish are dried and sold, and where children swim. Those routes were protected first and the planting was fitted around them.',
      'Behind the beach, a band of vetiver grass and indigenous shrubs now binds the dune, with rows of fig, waterberry and raffia palm planted behind it. Brushwood fences catch wind-blown sand and have already rebuilt the dune crest by almost half a metre in places.',
      'Three boat landings were given hardened ramps of stone and gabion baskets, so that boats no longer have to be dragged through the planted zone. Raised fish-drying racks were rebuilt on a new, shaded platform further from the water’s edge.',
      'All the planting stock was grown in a community nursery run by the fishers’ association, which now sells seedlings to lodges along the shore.',
      'Most of the work was done by hand, by about sixty people from the two villages, over two dry seasons. The total budget, including the nursery, was $118,000, funded by a climate adaptation grant.',
      'The 2024–25 rainy season was the first real test. The restored section lost no ground, while an unprotected stretch a kilometre to the north lost almost four metres of beach.',
    ].join('\n'),
    category: 'landscape',
    location: 'Senga Bay, Salima',
    client: 'Salima District Council',
    status: 'published',
    project_type: 'project',
    completion_date: '2024-10-25',
    featured: true,
    images: ['shore', 'site-plan', 'shore', 'landscape', 'shore', 'site-plan'],
    created_days_ago: 148,
  },
  {
    title: 'Sunnyside Garden',
    description: [
      'The redesign of a large, thirsty lawn garden around a colonial-era house in Sunnyside, Blantyre, for owners who were tired of watering it through every dry season.',
      'Most of the lawn was replaced with drought-tolerant indigenous planting, gravel paths and a shaded terrace beneath an existing jacaranda. What grass remains is a single oval, kept for the grandchildren, and it is watered from a new 15,000-litre rainwater tank.',
      'Water use in the garden has fallen by about eighty per cent, and the owners report more birds than they have seen in thirty years.',
    ].join('\n'),
    category: 'landscape',
    location: 'Sunnyside, Blantyre',
    client: '',
    status: 'published',
    project_type: 'project',
    completion_date: '2020-08-21',
    featured: false,
    images: ['landscape', 'site-plan', 'landscape', 'landscape'],
    created_days_ago: 760,
  },
  {
    title: 'Dedza Mountain Trail and Shelters',
    description: [
      'A proposal for a twelve-kilometre walking trail around the lower slopes of Dedza Mountain, with three rest shelters, a small trailhead building and interpretation of the area’s rock art and forest reserve.',
      'The shelters are designed to be built by local masons from fieldstone and fired clay tiles from Dedza’s own potteries, with roofs of plantation pine. Each one frames a particular view: the pine forest, the Mozambique border and the plains towards Lilongwe.',
      'The trail follows existing footpaths wherever possible, with stone steps and cross-drains on the steeper sections to prevent the erosion that has damaged other paths on the mountain.',
      'The proposal was prepared with the district council and a local tourism group, and is intended for a first phase costing around $85,000.',
    ].join('\n'),
    category: 'landscape',
    location: 'Dedza Mountain, Dedza',
    client: 'Dedza District Council',
    status: 'published',
    project_type: 'proposal',
    completion_date: null,
    featured: false,
    images: ['landscape', 'site-plan', 'landscape', 'site-plan'],
    created_days_ago: 171,
  },
  {
    title: 'Kanengo Green Buffer',
    description: [
      'A proposal for a planted buffer strip between the Kanengo industrial area and the housing that has grown up along its northern edge, intended to reduce dust and noise and to manage storm water from the factory roofs.',
      'The buffer is a band of indigenous trees and shrubs about forty metres wide, with a footpath and cycle route running through it and a chain of infiltration basins that take run-off from the factory yards.',
      'We are still working through land ownership along the route with the landowners and the city, so this page will be completed once the alignment is agreed.',
    ].join('\n'),
    category: 'landscape',
    location: 'Kanengo, Lilongwe',
    client: 'Kanengo Industrial Association',
    status: 'draft',
    project_type: 'proposal',
    completion_date: null,
    featured: false,
    images: ['landscape', 'site-plan', 'landscape', 'site-plan'],
    created_days_ago: 23,
  },

  // ── Interior ─────────────────────────────────────────────────────────────────
  {
    title: 'Mbawa Restaurant',
    description: [
      'The fit-out of a sixty-cover restaurant in a new shopping arcade in Area 47. The owners, a chef trained in Cape Town and her brother, wanted a room that would feel unmistakably Malawian without resorting to the usual masks and baskets on the walls.',
      'We began with the table. The restaurant’s signature dishes are served to share, so the plan is built around long communal tables of mbawa, the African mahogany that gives the restaurant its name, with smaller tables for two along the windows.',
      'The walls are finished in a hand-trowelled lime plaster tinted with red earth from the owners’ home village near Ntcheu. It took three attempts to get the colour right, and the plasterer now uses the mix on other jobs.',
      'The ceiling is a lattice of split bamboo, woven in panels by a group of craftsmen from Nkhata Bay. Behind it, the ductwork and services are painted black and almost disappear, and the bamboo softens the noise of a full room.',
      'The lighting is warm and low, with pendants made from the clay pots of a Dedza pottery, pierced by hand in a pattern taken from the owners’ grandmother’s mphasa sleeping mat.',
      'The open kitchen sits behind a counter of polished concrete with a top of reclaimed mukwa, so that guests can watch the nsima being turned and the fish coming off the grill.',
      'Upholstery is in chitenje cloth chosen by the owners at Lilongwe Old Town market, backed and treated for wear. When it fades, it can be replaced for a few dollars.',
      'The fit-out cost $92,000 and took eleven weeks. The restaurant has been full most evenings since it opened in March 2024.',
    ].join('\n'),
    category: 'interior',
    location: 'Area 47, Lilongwe',
    client: 'Mbawa Kitchen Ltd',
    status: 'published',
    project_type: 'project',
    completion_date: '2024-03-15',
    featured: true,
    images: ['dining', 'dining', 'living', 'street', 'gallery', 'dining'],
    created_days_ago: 290,
  },
  {
    title: 'Chambers for Msiska & Partners',
    description: [
      'New offices for a twelve-lawyer practice on two floors of an office building in City Centre, a short walk from the High Court.',
      'Legal work needs privacy and concentration, but the partners also wanted to end the culture of closed doors. The plan puts the private offices along the quiet side of the building and gives the street side to a shared library and meeting room lined with mukwa shelving.',
      'Glazed partitions with frosted bands at eye level bring daylight deep into the plan while keeping confidential conversations private. Acoustic panels are wrapped in undyed cotton woven in Blantyre.',
      'Reception is deliberately calm: a long bench of solid mbawa, a rug woven from sisal and a single large painting by a Lilongwe artist, chosen by the partners from a studio visit we arranged.',
      'The works were carried out over Christmas and the New Year so that the practice lost only four working days, and were completed in February 2023 for $128,000.',
    ].join('\n'),
    category: 'interior',
    location: 'City Centre, Lilongwe',
    client: 'Msiska & Partners',
    status: 'published',
    project_type: 'project',
    completion_date: '2023-02-03',
    featured: true,
    images: ['studio', 'gallery', 'living', 'site-plan'],
    created_days_ago: 390,
  },
  {
    title: 'Apartment in Area 10',
    description: [
      'The renovation of a three-bedroom first-floor apartment in Area 10 for a diplomat returning to Lilongwe after twenty years abroad.',
      'We opened the kitchen to the living room, replaced the heavy burglar bars with a simple steel screen designed in the pattern of a traditional reed fence, and extended the balcony with a timber pergola.',
      'Built-in furniture in mukwa and a palette of limewashed walls and natural linen keep the rooms quiet and light. Much of the owner’s collection of Malawian baskets and carvings is displayed in a single long niche in the corridor.',
      'The work was completed in June 2021 for $34,000.',
    ].join('\n'),
    category: 'interior',
    location: 'Area 10, Lilongwe',
    client: '',
    status: 'published',
    project_type: 'project',
    completion_date: '2021-06-11',
    featured: false,
    images: ['living', 'dining', 'house', 'studio'],
    created_days_ago: 650,
  },
  {
    title: 'Children’s Waiting Areas, Zomba',
    description: [
      'The redesign of the children’s outpatient waiting areas and a play room at the central hospital in Zomba, commissioned by a children’s charity that supports paediatric care in the Southern Region.',
      'Families often wait a full day to be seen, sitting on concrete benches in a corridor. We replaced the corridor seating with a series of bays, each with timber benches, space for a mother to lie a sick child down and a low partition for a little privacy.',
      'The walls are painted in soft greens and ochres with large-scale drawings of animals from Liwonde and Lake Malawi, painted by a Zomba artist with the help of nurses and a group of children from a local school.',
      'Windows were enlarged and fitted with insect screens and shading, and ceiling fans added throughout, so that the rooms are cooler and better ventilated, an important consideration for infection control.',
      'Everything was designed to be cleaned with hospital disinfectant, repaired by the hospital’s own maintenance staff and replaced locally. The work cost $63,000 and was completed in February 2025.',
    ].join('\n'),
    category: 'interior',
    location: 'Zomba',
    client: 'Ana Athu Children’s Foundation',
    status: 'published',
    project_type: 'project',
    completion_date: '2025-02-21',
    featured: true,
    images: ['gallery', 'living', 'studio', 'dining', 'site-plan'],
    created_days_ago: 120,
  },
  {
    title: 'Nyika View Guesthouse Refurbishment',
    description: [
      'The refurbishment of a twelve-room guesthouse in Katoto, Mzuzu, popular with NGO staff travelling in the Northern Region. This was one of the studio’s first commissions.',
      'With a tight budget, we concentrated on the things guests notice most: good beds, hot showers, a proper desk in every room and reliable light. Solar water heaters replaced electric geysers, and each room gained a reading lamp and a socket that works on the backup supply.',
      'Mzuzu is cool and damp for much of the year, so we replaced the worn carpets with timber floors of local pine and hung heavy curtains of locally woven cotton, which made the rooms noticeably warmer.',
      'The works were completed in October 2019 for $41,000, and the owners have since run the guesthouse at close to full occupancy.',
    ].join('\n'),
    category: 'interior',
    location: 'Katoto, Mzuzu',
    client: 'Nyika View Guesthouse',
    status: 'published',
    project_type: 'project',
    completion_date: '2019-10-18',
    featured: false,
    images: ['living', 'dining', 'terrace', 'studio'],
    created_days_ago: 872,
  },

  // ── Urban ────────────────────────────────────────────────────────────────────
  {
    title: 'Area 3 Streets for People',
    description: [
      'A proposal for the city council to transform a one-kilometre loop of streets in Area 3, between the market, two schools and the minibus stage, into a network that puts people on foot first.',
      'Most people in Lilongwe walk. Counts we carried out over two weeks found that more than four out of five people on these streets were on foot, yet almost all of the road space was given to moving and parked vehicles, and there was no continuous footpath on either side.',
      'The proposal gives each street a continuous, raised footpath at least two metres wide, with drainage channels covered by precast slabs so that the path cannot be lost to the rains each year.',
      'Trees are the single most important element. We propose more than three hundred, mostly indigenous shade trees, planted in structural soil pits fed by run-off from the road, so that they are watered every time it rains.',
      'At the junctions near the schools, the carriageway narrows to a single lane and is raised to the level of the footpath. This slows traffic naturally and gives children a safe, level crossing.',
      'Vendors are part of the street, not a problem to be moved on. Shaded trading bays are built into the footpath widening near the market, with water points and space for carts, and the bays are allocated in discussion with the market committee.',
      'The minibus stage is reorganised into a covered, orderly interchange with shaded waiting areas, lighting and public toilets, reducing the pressure on the surrounding streets.',
      'The first phase is estimated at around $1.4 million. The proposal has been presented to the council’s planning committee and is being developed further with the roads authority.',
    ].join('\n'),
    category: 'urban',
    location: 'Area 3, Lilongwe',
    client: 'Lilongwe City Council',
    status: 'published',
    project_type: 'proposal',
    completion_date: null,
    featured: true,
    images: ['street', 'site-plan', 'street', 'street', 'landscape'],
    created_days_ago: 215,
  },
  {
    title: 'Lingadzi River Corridor Framework',
    description: [
      'A framework for the Lingadzi River corridor as it passes between City Centre and the older residential areas, prepared as a competition entry for the city council.',
      'The river floods several times in most rainy seasons and its banks are eroding where they have been cleared for gardens and sand mining. We propose to treat the flood plain not as a problem to be walled in but as the city’s next great public space.',
      'A continuous green corridor follows the river, with planted banks, flood meadows and a shaded walking and cycling path that connects the Lilongwe Nature Sanctuary to the neighbourhoods downstream.',
      'Urban gardens, which already feed many households along the river, are kept and formalised on the higher terraces, with shared water points and tool stores, while the lowest ground is returned to wetland that stores flood water.',
      'The framework was submitted in May 2025 and received a commendation from the jury.',
    ].join('\n'),
    category: 'urban',
    location: 'Lingadzi River, Lilongwe',
    client: 'Lilongwe City Council',
    status: 'published',
    project_type: 'proposal',
    completion_date: '2025-05-20',
    featured: false,
    images: ['landscape', 'site-plan', 'shore', 'street'],
    created_days_ago: 95,
  },
  {
    title: 'Mangochi Waterfront Market',
    description: [
      'A new covered fish and produce market on the banks of the Shire River in Mangochi, where the river leaves the southern end of Lake Malawi.',
      'The old market was a cluster of makeshift stalls on ground that flooded every year. The new market stands on a raised platform above the highest recorded flood level, with ramps down to the water so that canoes can unload directly onto the trading floor.',
      'Its roof is a series of broad steel umbrellas on slender columns, each about twelve metres across. They give deep shade while leaving the market open to the breeze off the river, and the gaps between them draw hot air and smoke up and out.',
      'Rainwater from the roofs is collected for washing the fish tables and the floors, and all waste water passes through a settling tank before it reaches the river.',
      'The design of the stalls was worked out with the traders themselves over a series of meetings. Fish sellers asked for tables at standing height that drain towards the river; produce sellers asked for lockable stores for overnight stock. Both were provided.',
      'The market opened in August 2025 with space for 240 traders. The total cost was $1.1 million.',
    ].join('\n'),
    category: 'urban',
    location: 'Mangochi',
    client: 'Mangochi Municipal Council',
    status: 'published',
    project_type: 'project',
    completion_date: '2025-08-29',
    featured: true,
    images: ['lake-market', 'site-plan', 'street', 'gallery', 'shore', 'lake-market'],
    created_days_ago: 41,
  },
  {
    title: 'Kanengo Worker Housing Masterplan',
    description: [
      'An early masterplan for about 600 homes for workers at factories in Kanengo, on land north of the industrial area, prepared for a group of local employers.',
      'The plan is organised as a series of walkable neighbourhoods around shared courtyards, with a primary school, a clinic and a market at its centre, all within a ten-minute walk of the factory gates.',
      'Homes are designed for stabilised soil block construction with deep roof overhangs and rainwater collection, and can be extended as households grow.',
      'This proposal is still at an early stage and will be published once the employers have reviewed the first options.',
    ].join('\n'),
    category: 'urban',
    location: 'Kanengo, Lilongwe',
    client: 'A consortium of Kanengo employers',
    status: 'draft',
    project_type: 'proposal',
    completion_date: null,
    featured: false,
    images: ['neighbourhood-plan', 'terrace', 'street', 'site-plan'],
    created_days_ago: 6,
  },
  {
    title: 'Nkhata Bay Harbour Steps',
    description: [
      'A set of public steps, seating terraces and a small shaded square connecting the main street of Nkhata Bay to the harbour, where the ferry calls and the fishing boats land.',
      'The old route down to the water was a steep, eroded track. The new steps are built from local granite in broad, shallow flights, with a wide landing halfway where people can sit and watch the harbour.',
      'Planted terraces on either side hold the bank and take run-off from the street above, and a row of fig trees now shades the square where the market women sell fish in the morning.',
      'The steps were completed in May 2020, built by local masons with funding from the district council.',
    ].join('\n'),
    category: 'urban',
    location: 'Nkhata Bay',
    client: 'Nkhata Bay District Council',
    status: 'published',
    project_type: 'project',
    completion_date: '2020-05-22',
    featured: false,
    images: ['shore', 'site-plan', 'shore', 'street'],
    created_days_ago: 815,
  },
];

export const services: SeedService[] = [
  {
    name: 'Architectural Design',
    description: [
      'From a first conversation on site to the day you receive the keys, we design homes, workplaces and public buildings that are comfortable in Malawi’s climate without relying on air conditioning. Every project starts with the sun, the wind and the rain on your particular plot.',
      'We handle the full process: brief and feasibility, concept and detailed design, planning approval with the city or district council, tender documents and construction drawings. On site we inspect the work regularly and certify payments, so that you pay only for work properly done.',
      'We favour materials and builders that are close to hand: burnt brick, stabilised soil blocks, local hardwoods and skilled tradespeople from the area. It keeps costs down, money in the local economy and maintenance simple.',
    ].join('\n\n'),
    price_range: '$3,500 – $45,000',
    is_active: true,
    image: 'house',
  },
  {
    name: 'Interior Design',
    description: [
      'We design interiors for homes, restaurants, offices and lodges, from a single room to a full fit-out. Our rooms are calm, practical and rooted in the materials and craft of Malawi.',
      'We work with joiners, weavers, potters and upholsterers we know well, and we specify finishes that can be repaired and replaced locally. Where it makes sense, we help you reuse furniture and fittings you already own.',
      'The service includes space planning, lighting and furniture design, the selection of finishes and fabrics, and supervision of the works through to the last cushion.',
    ].join('\n\n'),
    price_range: '$1,500 – $20,000',
    is_active: true,
    image: 'bedroom',
  },
  {
    name: 'Urban Planning',
    description: [
      'Our towns and cities are growing fast. We help councils, developers and community organisations plan neighbourhoods, streets, markets and public spaces that work for the people who walk, trade and live in them.',
      'Our work includes masterplans, street and public space design, site layouts for housing and development frameworks for rivers and town centres. We always begin by listening: to residents, traders, councillors and the officers who will manage the place afterwards.',
      'Because every urban project differs in scale and duration, we prepare a tailored fee proposal after a first meeting.',
    ].join('\n\n'),
    price_range: null,
    is_active: true,
    image: 'street',
  },
  {
    name: 'Landscape Design',
    description: [
      'We design gardens, school grounds, shorelines and public landscapes that save water, hold the soil and give shade, using indigenous trees and plants that thrive without constant watering.',
      'Rainwater harvesting, swales and planted basins are at the heart of our landscapes. Water that would otherwise run off and cut gullies is slowed, stored and put to use.',
      'We prepare planting plans, earthworks and drainage layouts and work with local nurseries to source stock, and we can advise on maintenance for the first critical years after planting.',
    ].join('\n\n'),
    price_range: '$1,200 – $18,000',
    is_active: true,
    image: 'landscape',
  },
  {
    name: '3D Visualization',
    description: [
      'Photorealistic still images, animated fly-throughs and interactive models that let you, your family, your board or your funders see a building before it is built.',
      'Visualisation is part of how we design, not an add-on. We test daylight, shade and views in the model at every stage, and the same model produces images for planning applications, fundraising and marketing.',
      'We also prepare visuals for other architects and developers, from a single hero image to a complete set of interior and exterior views.',
    ].join('\n\n'),
    price_range: '$400 – $4,000',
    is_active: true,
    image: 'clay-render',
  },
];

export const blogPosts: SeedBlogPost[] = [
  {
    title: 'Why we still build with burnt brick, and when we don’t',
    excerpt:
      'Burnt brick is beautiful, durable and understood by every builder in Malawi. It also costs the country its forests. Here is how we decide when to use it.',
    content: journal.burntBrick,
    status: 'published',
    publish_days_ago: 12,
    seo_keywords: ['Sustainability', 'burnt brick', 'stabilised soil blocks', 'materials'],
    views: 384,
    image: 'terrace',
  },
  {
    title: 'Designing for October: passive cooling in Lilongwe homes',
    excerpt:
      'October is the month that tests every house in Lilongwe. Five simple moves that keep a home cool without air conditioning.',
    content: journal.october,
    status: 'published',
    publish_days_ago: 64,
    seo_keywords: ['Sustainability', 'passive cooling', 'cross-ventilation', 'climate', 'Lilongwe'],
    views: 2138,
    image: 'shaded-house',
  },
  {
    title: 'Chitenje, mukwa and clay: a palette for Malawian interiors',
    excerpt:
      'Our interiors rely on a small family of local materials and the people who make them. A short guide to what we use and why.',
    content: journal.palette,
    status: 'published',
    publish_days_ago: 131,
    seo_keywords: ['Interiors', 'local materials', 'mukwa', 'craft'],
    views: 1264,
    image: 'living',
  },
  {
    title: 'Streets for walking: what Lilongwe can learn from its own markets',
    excerpt: null,
    content: journal.streets,
    status: 'published',
    publish_days_ago: 208,
    seo_keywords: ['Urban Design', 'walkability', 'streets', 'Lilongwe'],
    views: 871,
    image: 'street',
  },
  {
    title: 'What an architect’s fee actually pays for',
    excerpt:
      'Many families build without an architect to save money. We explain what the fee covers, and where it often pays for itself.',
    content: journal.fees,
    status: 'published',
    publish_days_ago: 289,
    seo_keywords: ['Practice', 'fees', 'working with an architect', 'building a house'],
    views: 1726,
    image: 'studio',
  },
  {
    title: 'Working with stabilised soil blocks: notes from site',
    excerpt:
      'Lessons from three projects built with stabilised soil blocks: soil testing, curing, and how to persuade a sceptical builder.',
    content: journal.soilBlocks,
    status: 'draft',
    publish_days_ago: null,
    seo_keywords: ['Practice', 'stabilised soil blocks', 'construction', 'site notes'],
    views: 52,
    image: 'terrace',
  },
];

export const teamMembers: SeedTeamMember[] = [
  {
    name: 'Chikondi Banda',
    role: 'Principal Architect & Founder',
    quote:
      'A good building in Malawi starts with a veranda and a tree. Everything else is detail, and the detail is where we earn our keep.',
    facebook_url: null,
    instagram_url: 'https://www.instagram.com/chikondi.banda.architect',
    linkedin_url: 'https://www.linkedin.com/in/chikondi-banda',
    created_days_ago: 896,
  },
  {
    name: 'Thandiwe Phiri',
    role: 'Interior Design Lead',
    quote:
      'I would rather a room tell you where you are than what catalogue it came from. Our craftspeople make that possible.',
    facebook_url: 'https://www.facebook.com/thandiwe.phiri.interiors',
    instagram_url: 'https://www.instagram.com/thandiwe.phiri.interiors',
    linkedin_url: 'https://www.linkedin.com/in/thandiwe-phiri',
    created_days_ago: 742,
  },
  {
    name: 'Kondwani Mwale',
    role: 'Urban Designer',
    quote: 'Most people in our cities walk. The least we can do is give them shade and a footpath.',
    facebook_url: null,
    instagram_url: null,
    linkedin_url: 'https://www.linkedin.com/in/kondwani-mwale',
    created_days_ago: 515,
  },
  {
    name: 'Takondwa Nyirenda',
    role: 'Project Architect',
    quote: 'The drawings are a promise. Site is where we keep it, one inspection at a time.',
    facebook_url: null,
    instagram_url: 'https://www.instagram.com/takondwa.builds',
    linkedin_url: 'https://www.linkedin.com/in/takondwa-nyirenda',
    created_days_ago: 233,
  },
];

export const videos: SeedVideo[] = [
  {
    title: 'Khonde House: a morning on the veranda',
    url: 'https://www.youtube.com/watch?v=q7Lk2VbX9mE',
    description:
      'A slow walk through Khonde House in Area 10, from the entrance court to the veranda and garden, filmed on an October morning.',
    project_type: 'project',
    is_active: true,
    created_days_ago: 340,
  },
  {
    title: 'Mbuna Bay Lodge from the lake',
    url: 'https://www.youtube.com/watch?v=Rt4nW8pZs1c',
    description:
      'Drone footage of the lodge at Cape Maclear, following the shoreline past the chalets to the restaurant pavilion at sunset.',
    project_type: 'project',
    is_active: true,
    created_days_ago: 305,
  },
  {
    title: 'Area 3 Streets for People: fly-through',
    url: 'https://www.youtube.com/watch?v=hB3x_Jd6KfQ',
    description:
      'An animated fly-through of our proposal for Area 3, from the minibus stage along the shaded footpaths to the school crossings and the market.',
    project_type: 'proposal',
    is_active: true,
    created_days_ago: 210,
  },
  {
    title: 'Zomba Plateau Retreat: site film',
    url: 'https://www.youtube.com/watch?v=Zp9-Mc2LwYo',
    description:
      'A short film of the retreat in the mist and winter sun of Zomba Plateau, with the owners talking about their first cold season in the house.',
    project_type: 'project',
    is_active: false,
    created_days_ago: 590,
  },
];

export const settings: SeedSettings = {
  site_name: 'Khonde Studio',
  site_description:
    'Khonde Studio is an architecture, interior and urban design practice in Lilongwe, designing climate-aware homes, workplaces and public spaces across Malawi.',
  contact_email: 'hello@khondestudio.mw',
  contact_phone: '+265 999 412 630',
  office_address: 'Plot 10/214, Area 10, Lilongwe, Malawi',
  footer_text: '© {year} {name}. All rights reserved.',
  show_social_links: true,
  ...SAMPLE_SOCIAL_LINKS,
  founded_year: 2019,
};
