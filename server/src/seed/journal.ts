/**
 * The bodies of the sample journal posts: Markdown that also reads as plain paragraphs (blank lines
 * between paragraphs, `## ` lines for headings), each 800–1,500 words so "min read" means something.
 */

export const burntBrick = `Drive out of Lilongwe in almost any direction in the dry season and you will see the kilns: stacks of green brick, plastered with mud and fired for days with wood from the surrounding hills. Burnt brick is the material most Malawian families trust, and for good reason. It is strong, it handles the rains, it takes a nail and a plug without complaint, and it ages well. A brick house is, for many families, the proof that they have arrived.

It also has a real cost. Firing bricks consumes a great deal of firewood, and brick making is one of the reasons our woodlands have thinned so quickly. A single clamp of twenty thousand bricks can swallow the wood of several hectares of miombo. As architects, we cannot pretend not to see that, and our clients increasingly ask us about it too.

So on every project we ask three questions, in order. None of them is about abandoning a material we love. Each is about using less of it, and using it where it does the most good.

## First: can we use fewer bricks?

Rat-trap bond is the simplest answer we know. The bricks are laid on edge rather than flat, with every other course turned across the wall, so that a continuous cavity runs through its core. The wall is the same thickness as a standard one-brick wall, but it uses roughly a quarter fewer bricks and a third less mortar.

The cavity matters as much as the saving. Still air is a good insulator, and in our monitoring at Khonde House the rat-trap walls of the bedrooms lag the outside temperature by several hours. The heat of the October afternoon reaches the inner face of the wall late in the evening, when the windows are already open and the night air is cooling the room.

Rat-trap bond asks more of the bricklayer. The bricks must be reasonably true, the perpends must be filled carefully at the corners, and openings need a little more thought. But every team we have worked with has picked it up within a week, and it is now our default for single-storey walls.

## Second: can we use a different block?

Stabilised soil blocks are pressed from the soil of the site itself, mixed with a small proportion of cement, and cured under cover for a couple of weeks instead of being fired. A good block is as strong as an average burnt brick and far more regular in size, so walls go up quickly and need less plaster.

We used them for all four cottages in our Area 47 project, pressed from the soil dug out for the foundations. The excavation that would have been a cost to cart away became the walls of the houses. Two of the future tenants were paid to run the press, and learned a trade in the process.

Soil blocks are not right everywhere. They dislike standing water and splashback, so they need a plinth of burnt brick or stone and a generous roof overhang. Some soils are too clayey or too sandy to make good blocks without adjustment, which is why we always test the soil before committing to them. We have written separately about what we learned on site.

## Third: where we use burnt brick, is it where it matters most?

A face brick on an exposed gable, a veranda pier that will take decades of sun and rain, a garden wall that will never be plastered: these are good uses of a fired brick, and they show it at its best. A wall that will be plastered inside and out, in a room under a deep roof, often is not.

We now draw every wall on our plans with its material in mind. The outer skin of a house may be burnt brick where it faces the weather, while internal walls are soil block or rat-trap bond. On a typical three-bedroom house this mixed approach halves the number of fired bricks without changing how the house looks from the street.

When we do specify burnt brick, we ask for it to be sorted. The best-fired units, hard and evenly coloured, go to the exposed faces. The softer ones go where they will be plastered. This costs nothing but attention, and it is the difference between a brick wall that improves with age and one that crumbles at the foot within ten years.

## Working with the brickmakers

Most of the bricks in Malawi are made by small family businesses, often as a dry-season sideline to farming. We would rather work with them than around them. On several projects we have agreed in advance with a local brickmaker on the size, the firing and the timing of a delivery, and paid a fair premium for sorting.

Some brickmakers have begun to experiment with more efficient kilns that need less wood per brick, and with planting woodlots to supply their own fuel. Where we can, we buy from them, and we tell our clients why.

## What it adds up to

On the last three houses we completed, these decisions together reduced the number of fired bricks by between forty and sixty per cent compared with a conventional design of the same size. The houses are cooler, the walls are no less solid, and the cost was slightly lower, because rat-trap bond and soil blocks both save mortar and plaster.

None of this is new. Rat-trap bond was popularised in southern India in the 1970s; pressed earth blocks have been promoted in Malawi for decades; and sorting bricks by firing is something every good builder's grandparents did without thinking. What is new is the urgency. The woodlands will not wait for us.

Burnt brick will remain part of how Malawi builds, and part of how we build. We simply want every one of them to count.`;

export const october = `Ask anyone in Lilongwe which month they dread and most will say October. The rains have not yet come, the ground is baked hard, the jacarandas have dropped their flowers and the afternoon heat sits in the rooms long after dark. Many new houses are built as if the month did not exist, and then fitted with air conditioning to make up for it, at a cost paid every month in electricity and every hour of load-shedding in discomfort.

It does not have to be so. The traditional Malawian house, with its thick earth walls, deep thatch and shaded khonde, dealt with October well. None of its lessons needs thatch or earth to work. Here are the five principles we borrow from it on every house we design, and what each one does.

## 1. Shade the walls, not only the windows

Most people think of shading as a matter of curtains or tinted glass. By the time the sun reaches the glass, much of the damage is done: the wall around the window has been absorbing heat all afternoon, and will keep giving it back to the room until midnight.

A roof overhang of at least a metre on every side, and a veranda on the north, keeps the sun off the wall itself. In Lilongwe the sun stands high in the sky through the hot months, so a modest overhang shades a surprising height of wall. On the east and west, where the sun comes in low, we use verandas, pergolas, screens or planting instead.

The khonde of a traditional house is exactly this: a shaded zone between the hot outside and the rooms, which also happens to be the most pleasant place to sit in the afternoon.

## 2. Let the hot air out at the top

Warm air rises and collects under the ceiling. If it has nowhere to go, the room fills with it from the top down, and by late afternoon even the air at head height is warm.

High vents, clerestory windows or a continuous gap between the top of the wall and the roof let that air escape. As it leaves, it draws cooler air in through the windows lower down. This is the stack effect, and it works even on a still day, when there is no breeze to help.

At Khonde House we lifted the whole roof clear of the walls on a band of timber louvres. On a still October afternoon you can feel the air moving through the bedrooms, and see the curtains stir, with every window at a normal height closed against the glare.

## 3. Make every room cross-ventilated

A window on one side of a room and a door or window on the other is the cheapest cooling system you will ever install. When there is a breeze, it flows straight through; when there is not, the stack effect does the work.

This sounds obvious, but it shapes the whole plan. A house that is one room deep can ventilate every room. A house with a corridor down the middle, and rooms on each side with a single window, cannot, however many fans you fit.

We try to keep our plans narrow, wrap them around courtyards, or use internal windows and high vents above doors so that air can pass from one side of the house to the other even when doors are closed for privacy.

## 4. Insulate the roof

A steel roof sheet in the October sun can exceed sixty degrees. Without insulation, it radiates that heat straight down into the room, and a ceiling of thin board does little to stop it.

A layer of insulation beneath the sheeting, or a ceiling with a ventilated void above it, makes an enormous difference. Reflective foil laminate is inexpensive and available in Lilongwe; mineral wool or reed mats are better still. Painting the roof a light colour helps too, although dust dulls any colour within a couple of seasons.

Of all the measures here, roof insulation gives the most comfort for the least money. If you do only one thing to an existing house, do this.

## 5. Plant trees on the west

The late afternoon sun is the hardest to deal with. It comes in low, under any reasonable overhang, at the hottest time of day, and it falls on the west wall just as the house is already warm.

A tree on the western side is the best answer. It shades the wall and the ground around it, and cools the air through the water it transpires. A deciduous tree does even better: it gives shade through the hot months and drops its leaves in the cool season, when the sun is welcome.

The two mango trees at Khonde House were on the plot long before we arrived. We set the house between them, and their shade now falls exactly where the family eats lunch.

## What it adds up to

None of these principles is expensive, and most cost nothing at all if they are part of the design from the first sketch. They are much harder to add to a house that has already been built, which is why we insist on them early.

In Khonde House, these measures together keep the bedrooms five to six degrees cooler than the street on the hottest days, with no air conditioning at all. The family's electricity bill is a fraction of their neighbours', and load-shedding, when it comes, is an inconvenience rather than a crisis.

October will always be October. But a house can be designed to meet it, as Malawian houses always were.`;

export const palette = `Clients often ask us where we find the materials for our interiors. The honest answer is that most of them are within a day's drive of the studio, and many are made by people we have worked with for years. We do not think of this as a style. It is simply what happens when you design a room with the materials, skills and budgets of the place it stands in.

Here is a short guide to the small family of materials we rely on, what each does well, and how we use it.

## Mukwa and mbawa

Mukwa and mbawa are the two hardwoods we use most. Mukwa, sometimes called African teak or bloodwood for the red sap it weeps when cut, has a warm reddish-brown grain and is wonderfully stable once seasoned. It rarely warps or splits, which makes it our first choice for doors, window frames, worktops and built-in joinery.

Mbawa, the African mahogany, is darker and finer in the grain. It polishes beautifully and we keep it for pieces that will be touched every day: handrails, table tops, the edges of shelves.

Both must come from licensed sources, and both need time. We always allow for the timber to be stacked and seasoned on site, under cover and with air around every board, before the joiner starts. At Khonde House that took four months. It is the single most important thing we do to make joinery last.

Good joinery is also a matter of detail. We design doors and frames with generous sections, so that they can be planed and rehung as the house settles, and we avoid glued-up panels that can open in the dry season. A well-made mukwa door should outlast the people who commissioned it.

We also use a great deal of plantation pine and eucalyptus, treated against borer and termites, for ceilings, shelving and framing. They are less precious and far more plentiful, and with a good oil finish they glow.

## Clay

Clay appears in our interiors as floor tiles, light fittings, wall tiles, and lime plasters tinted with earth. The potters of Dedza can make almost anything if they are given time and a good drawing. We have commissioned pendant lights, basins, door handles and hundreds of square metres of floor tiles from them.

Handmade terracotta tiles vary from one to the next, in colour and slightly in size. We think that is their charm. Laid with a generous joint and sealed with linseed oil, they make a floor that is cool underfoot in October and improves with every year of wear.

Earth-tinted lime plaster is the other use we love. Lime breathes, so it helps to regulate humidity in the rainy season, and pigmented with local earths it gives walls a depth of colour that paint never achieves.

## Bamboo and reed

Bamboo and reed, split and woven, make excellent ceilings and screens. They are light and cheap, they soften the acoustics of a busy room, and they can be replaced easily when they wear. Woven reed mats under a steel roof also add a layer of insulation.

We work with weavers from the lakeshore, where reed mats have been made for generations. A woven ceiling in a restaurant or a school classroom turns a hard, echoing space into a calm one, and it costs less than a suspended ceiling of board.

## Chitenje and other textiles

Chitenje cloth is the most Malawian of fabrics and, to our minds, the most underused in interiors. Every market in the country sells it in hundreds of patterns. Backed with canvas and treated, it makes cheerful upholstery, cushions and curtains, and it can be replaced for a few dollars when it fades.

We often use a single bold chitenje as the only pattern in an otherwise calm room: on a bench cushion, as a curtain in a doorway, or framed on a wall. It brings colour, and it tells visitors exactly where they are.

For heavier wear we use locally woven cotton and sisal, and for rugs we have worked with weavers in Lilongwe and Blantyre who make flat-weaves from recycled fabric.

## Stone and cement

Polished cement screed is our most common floor. It is inexpensive, hard-wearing and cool, and with an oxide pigment it can be warm ochre, burnt orange or deep charcoal. A darker border around a room, as at Khonde House, costs almost nothing and makes the floor look considered.

Granite and slate from the southern region appear as thresholds, worktops and the occasional feature wall. We use them sparingly, where their weight and durability are needed.

## Why it matters

We would rather a room told the story of the place it stands in than of a catalogue. A room made from local materials is also cheaper to build, easier to maintain, and easier to repair, because the people who made it are still down the road.

There is a further reason. Every one of these materials depends on the skills of craftspeople: joiners, potters, weavers, tailors. When we specify their work, we help to keep those skills alive and earning. That, as much as the look of the rooms, is why we keep returning to the same small palette.`;

export const streets = `Most people in Lilongwe walk. Our own counts on the streets of Area 3, made over a fortnight at different times of day, found that more than four out of five people were on foot. Yet very few of our streets have a continuous footpath, almost none have shade, and crossing a main road on foot at rush hour is an act of courage.

Streets in our city are designed, almost without exception, for the minority who drive. The majority who walk get the gravel verge, the drainage channel and the dust.

We think there is a better model, and it is not imported. It is already here.

## The market as a teacher

The best walking environment in the city is not a new development. It is the market. In the lanes of the Old Town market, people move easily, shade is everywhere, goods are close at hand, and the space works for thousands of people every day without a single traffic light.

We spent several mornings simply watching how it works, and sketching. A few things stood out.

The lanes are narrow, two to four metres wide, and vehicles cannot enter them. Nobody has to look over their shoulder.

Shade is continuous. Roofs, awnings, tarpaulins and trees overlap, so that you can walk the length of the market without stepping into the sun.

There is activity on every side. Stalls face the lane, so that every few steps there is something to look at, someone to greet, something to buy. People feel safe because there are always people about.

The lanes form a fine grid of short routes. You never have to walk far out of your way to reach the stall you want, and there is always a second way round.

## What the streets lack

Compare that with a typical street in a residential area. A tarmac carriageway six or seven metres wide, built for speed. An open drain on one or both sides, often too deep to cross except at the occasional slab. A gravel or earth verge where people walk, shared with parked cars, vendors and the spoil from the last time the drain was cleared. Walls on both sides, blank for hundreds of metres. Very few trees.

No wonder people walk in the road. And no wonder that, in the city's own accident figures, pedestrians are by far the largest group of people killed and injured on its roads. Most of them were simply trying to get to work, to school or to the shops, in the only space the street left them.

## Five lessons, translated

Our proposal for Area 3 applies the market's lessons to an ordinary neighbourhood. It is deliberately modest: everything in it can be built by the city council and local contractors, in phases, from existing budgets.

A raised footpath on both sides of every street, wide enough for two people and a cart to pass, and continuous across side roads so that pedestrians do not have to step down at every junction.

Shade trees at regular spacing, planted in pits that collect run-off from the road, so that they water themselves through the rains and establish without a watering programme.

Covered drains, so that the drain becomes part of the footpath rather than a barrier beside it.

Trading bays at corners and bus stops, with a roof and a surface, so that vendors are treated as part of the street rather than a problem to be moved on. Vendors bring people, and people bring safety.

Short cuts. Where long blocks force people into detours, we propose public paths between plots, lit and overlooked, that restore the fine grid the market has naturally.

## What it costs

These are not expensive ideas. By our estimate, a raised footpath, a row of shade trees, covered drains and a few trading bays cost a fraction of a new road of the same length, and they serve far more people. They also last longer: a footpath does not carry heavy lorries.

Trees are the cheapest item of all, and the one that takes longest to pay back. A jacaranda or a mahogany planted this rainy season will not give real shade for five or six years. That is exactly why we want them planted first, before anything else, so that by the time the footpaths are finished the shade is on its way.

The harder part is not money but attitude. For decades, street design has been measured in vehicles per hour. We would like it also to be measured in people per hour, in minutes of shade, and in how many children walk to school without crossing a road.

## Where next

We have shared the Area 3 proposal with the city council and with residents' committees in three neighbourhoods, and the response has been encouraging. Several of the ideas, particularly the covered drains and the trading bays, are things residents have been asking for on their own for years.

Cities everywhere are rediscovering the value of walking, often at great expense, by tearing out roads they built a generation ago. Lilongwe has an advantage: most of its people already walk. The task is to build streets that respect them, and the market has already shown us how.`;

export const fees = `It is a question we hear often, and it deserves a straight answer: why pay an architect when a builder can simply put up a house from a plan bought for a few hundred dollars?

Most houses in Malawi are built without an architect, and many of them are perfectly good houses. But many are not, and the problems usually show up only after the money has been spent. We think it helps to be plain about what an architect's fee pays for, so that families can decide for themselves whether it is worth it.

Here is what a fee with us covers, stage by stage.

## Thinking: the brief and the site

The first part of the fee pays for thinking. We spend time on your plot, with your family, understanding how you live, what you need now and what you may need in ten years, and how the sun, wind and water move across the site.

Most of the decisions that make a house comfortable and affordable are made in these first weeks. Where the house sits on the plot. Which way the main rooms face. Whether it is one storey or two. How big it needs to be, which is very often smaller than the family first thinks, once the plan works well.

A bought plan cannot do this, because it was drawn for no plot and no family in particular. Turning it to suit the site is usually where it goes wrong.

## Drawing: design and specification

The second part pays for drawings and specifications detailed enough for several builders to price exactly the same thing.

This matters more than it sounds. Without detailed drawings, every builder prices a different house. One includes the ceiling, another does not; one assumes a particular roof sheet, another the cheapest available. Quotes cannot be compared, and the cheapest quote often becomes the most expensive house once the extras begin.

With a full set of drawings and a written specification, we can run a proper tender, compare like with like, and agree a price before work starts.

## Permission: approvals

The third part pays for approvals. We prepare and submit the drawings the city or district council needs, including structural drawings from the engineers we work with, and deal with the queries that follow.

Approval is not a formality. It protects you when you come to sell, borrow against or insure the house, and it is increasingly checked by banks and buyers.

## Building: site supervision

The final part pays for our time on site. We inspect the work at key stages: the setting out, the foundations before they are covered, the ring beam, the roof structure, the services before the walls are plastered. We check the quality of materials as they arrive, and we certify each payment to the builder, so that you pay only for work properly done.

This is the part of the fee families are most tempted to cut, and the part we would argue for most strongly. The mistakes that cost the most, a foundation that is too shallow, a ring beam with too little steel, a roof that is not tied down properly, are invisible once the next stage is built over them.

## What it costs, and what it saves

We publish a guide range for every service on our website. For a typical new house, our full service costs between eight and twelve per cent of the construction cost, depending on the size and complexity of the project. We can also work on a partial service, for example design and approvals only, for a lower fee.

On a typical house, a well-run tender and careful site supervision save more than our fee. Competitive prices from several builders are often ten to fifteen per cent lower than a single negotiated quote. Catching a problem at the foundation stage avoids repairs that can cost several times as much later. And a house designed for its climate costs less to run every month for as long as it stands.

A fee also buys someone on your side. A builder, however honest, is paid to build; a quantity surveyor is paid to count. The architect is the one person on the project paid to look after the whole of it on your behalf, from the first sketch to the last snag, and to tell you plainly when something is not right.

There are gains that are harder to price. A house that is a pleasure to live in. A plan that still works when the children grow up. A builder who knows someone is checking.

## How to start

We will always discuss the fee openly at the first meeting, which is free and carries no obligation. Bring your plot's location, any drawings or photographs you have, and a rough idea of your budget. We will tell you honestly whether we think we can help, and if not, who might.`;

export const soilBlocks = `Stabilised soil blocks have been promoted in Malawi for decades, by government programmes, NGOs and enthusiasts like us. Yet most builders remain wary of them, and many clients have heard a story about a soil-block wall that cracked or crumbled. Having now used them on three projects, we want to share what we have learned, including the mistakes.

The short version: soil blocks are an excellent walling material when they are made and used properly, and a poor one when they are not. Almost every failure we have seen comes down to one of four things.

## Test the soil first

Not every soil makes good blocks. The ideal is a sandy soil with enough clay to bind it, typically somewhere between a fifth and a third clay. Too much clay and the blocks shrink and crack as they dry; too little and they crumble at the edges.

A simple jar test on site shows the proportions roughly. Fill a clear jar a third full of soil, top it up with water and a pinch of salt, shake it hard and leave it overnight. The sand settles first, then the silt, then the clay, in visible layers.

The jar test only tells you where to start. The real test is to make trial blocks: a dozen each at two or three cement contents, cured properly, then crushed after four weeks. A local laboratory can do the crushing for a modest fee, and the results tell you exactly how much cement you need. On our Area 47 project the soil was good enough that seven per cent cement gave blocks stronger than the burnt bricks on sale nearby.

## Mix and press with care

The mix must be consistent. We measure soil and cement by the bucket, not by the shovel, and mix them dry until the colour is even before adding water. Too much water and the blocks slump out of the press; too little and they never bind. A handful squeezed in the fist should hold its shape and break cleanly in two.

Keep an eye on the press, too. A manual press wears at the hinges and the mould, and a mould that has opened by a few millimetres makes blocks that are slightly too thick and slightly too weak. We check the first and the hundredth block of every day against a gauge, and have the press serviced between projects.

Press the blocks within an hour of adding water, before the cement begins to set. We learned this the hard way, when a batch mixed before a long lunch break crumbled within a week.

## Cure properly

Blocks need to be kept damp and shaded for at least two weeks after pressing, ideally three. The cement needs water to gain its strength, and a block that dries out in the first days never reaches it.

We stack the blocks under a shade-cloth roof, cover them with plastic sheeting, and water them morning and evening. It is dull work and easy to skip. Most of the failures we have seen on other people's sites come from blocks that were pressed in the morning, left in the sun, and built into a wall the following week.

## Protect the walls

Soil blocks are durable, but they dislike standing water and splashback. Every soil-block building we design sits on a raised plinth of burnt brick or stone at least three courses high, and has a roof overhang of at least eight hundred millimetres.

We also pay attention to the ground around the building. Paving or gravel at the foot of the walls stops rain splashing mud back up them, and the ground is shaped to fall away from the house. With these precautions, the oldest of our soil-block walls, now five rainy seasons old, shows no sign of wear at all.

## Bring the builder along

The hardest part of using soil blocks is not technical. It is persuading a sceptical foreman who has built with burnt brick all his life.

The best way we have found is to let his team press, cure and test the blocks themselves. We bring in a press and a trainer for the first week, make the trial blocks together and take them to be crushed together. By the end of that first week, when the numbers come back, the team are usually the strongest advocates, and they take real pride in walls they made from the ground beneath their feet.

## Is it cheaper?

Usually, but not always. The blocks themselves cost less than burnt bricks when the soil comes from the site, and because they are regular in size, walls need less mortar and less plaster. Against that, the press must be hired or bought, and curing takes time and space on site. On our three projects the walls cost between ten and twenty per cent less than the equivalent in burnt brick.

The larger saving is not counted in money. Not one of those blocks was fired, and not one tree was cut down to make them.`;
