import type { RelationshipType } from '@linkup/contract';
import type { Random } from './random';

/**
 * Sentences demo members' "about" texts are put together from: an opener, a line or two about
 * their interests, what they are looking for and sometimes a closing nudge.
 */

/** What a member does with an interest, to finish "weekends are for …". */
const PASTIMES: Readonly<Record<string, string>> = {
  Hiking: 'hiking', Cooking: 'cooking for friends', Travel: 'planning the next trip', Music: 'making playlists',
  Dancing: 'dancing', Reading: 'a good book', Movies: 'movie nights', Photography: 'photography', Fitness: 'the gym',
  Yoga: 'yoga', Gaming: 'gaming', Art: 'painting', Football: 'football', Rugby: 'rugby', Cricket: 'cricket',
  Running: 'running', Cycling: 'cycling', 'Wine tasting': 'wine farms', Coffee: 'long coffee dates', Gardening: 'my garden',
  Fashion: 'thrift shopping', Volunteering: 'volunteering', Technology: 'tinkering with tech', 'Board games': 'board games',
  Camping: 'camping', 'Beach days': 'the beach', 'Live music': 'live music', Theatre: 'the theatre', Pets: 'my dog',
  Braai: 'a proper braai',
};

/** A line about an interest, in the member's own voice. */
const INTEREST_LINES: Readonly<Record<string, readonly string[]>> = {
  Hiking: ['Give me a mountain trail and a flask of rooibos and I’m happy.', 'Always planning the next hike; the Drakensberg is on repeat.'],
  Cooking: ['I cook a mean potjie and I’m not shy about it.', 'Sunday lunch at mine is a whole production.'],
  Travel: ['Next trip on the list: Zanzibar.', 'I’ve done the Garden Route three times and would go again tomorrow.', 'Happiest with a window seat and a half-packed bag.'],
  Music: ['My playlists go from amapiano to old-school R&B in three songs.', 'There is always a song stuck in my head.'],
  Dancing: ['I’ll get you onto the dance floor. You have been warned.', 'Amapiano on, shoes off.'],
  Reading: ['Currently reading three books at once and finishing none of them.', 'Ask me for a book recommendation; I have too many.'],
  Movies: ['Big fan of a Friday movie night with far too much popcorn.', 'I quote films badly and often.'],
  Photography: ['Usually the one behind the camera at every get-together.', 'Golden hour is my favourite time of day.'],
  Fitness: ['Early gym sessions keep me sane.', 'Still trying to convince myself that 5 am workouts are fun.'],
  Yoga: ['Yoga on the stoep most mornings.', 'Still working on that headstand.'],
  Gaming: ['I’ll challenge you to FIFA and lose gracefully. Mostly.', 'Part-time gamer, full-time snack enthusiast.'],
  Art: ['I paint badly and enjoy it enormously.', 'Gallery openings and craft markets are my kind of weekend.'],
  Football: ['Chiefs or Pirates? Choose carefully.', 'Weekend football is non-negotiable.'],
  Rugby: ['Springbok match days are sacred in my house.', 'I shout at the TV during the rugby. Sorry in advance.'],
  Cricket: ['Happy to explain the rules of cricket. Slowly.', 'A Proteas test match and a cold drink is my idea of peace.'],
  Running: ['Training for my next half-marathon.', 'parkrun on Saturday mornings, coffee straight after.'],
  Cycling: ['Weekends on the bike, usually chasing a coffee stop.', 'Still recovering from my last cycle tour.'],
  'Wine tasting': ['Wine farms on a Sunday are my happy place.', 'I know just enough about wine to be dangerous.'],
  Coffee: ['I have strong opinions about flat whites.', 'Coffee first, conversation second.'],
  Gardening: ['My veggie garden is thriving and I’ll tell you all about it.', 'Plant parent to more plants than I can count.'],
  Fashion: ['Thrifting is my cardio.', 'I always notice good shoes.'],
  Volunteering: ['I volunteer at an animal shelter on weekends.', 'Giving back keeps me grounded.'],
  Technology: ['Tech nerd who reads release notes for fun.', 'Always tinkering with some gadget or other.'],
  'Board games': ['Competitive at Catan, humble everywhere else.', 'Game nights with friends are my favourite nights.'],
  Camping: ['Happiest around a campfire under a sky full of stars.', 'A weekend in the bush resets me completely.'],
  'Beach days': ['Happiest with sand between my toes.', 'A beach walk at sunset? Always yes.'],
  'Live music': ['Always on the lookout for the next live gig.', 'Festival season is my favourite season.'],
  Theatre: ['A good play or a comedy show beats a night in.', 'I still know every word of the musical we did at school.'],
  Pets: ['My dog is the real star of my life.', 'Cat person, but dogs love me anyway.'],
  Braai: ['I take my braai skills very seriously.', 'Nothing beats a Sunday braai with good people.'],
};

const LOOKING_FOR: Readonly<Record<RelationshipType, readonly string[]>> = {
  long_term: ['Looking for something real with someone kind and curious.', 'Ready for a long-term relationship with someone who communicates.',
    'Hoping to meet my person: someone to grow with.'],
  marriage: ['Family-oriented and looking for a life partner.', 'Ready to settle down with the right person.',
    'Looking for a partner for life; faith and family matter to me.'],
  short_term: ['Keeping things light for now and seeing where it goes.', 'Not looking for anything too serious right now, just good company.'],
  friendship: ['Keen to meet new people, friendship first.', 'Open to new friends and seeing what happens.'],
  casual: ['Here for good vibes and good conversation.', 'No pressure, no rush; let’s just have fun.'],
  not_sure: ['Not sure exactly what I’m looking for, but I know good energy when I see it.', 'Open-minded and seeing where life takes me.'],
};

const CLOSERS = [
  'Bonus points if you can make me laugh.', 'Tell me your best restaurant recommendation.',
  'Let’s grab a coffee and see if we click.', 'Say hi, I promise I reply.', 'Two truths and a lie: go.',
  'Extra points if you can beat me at 30 Seconds.', 'Good manners and a good sense of humour go a long way with me.',
  'Ask me about my worst travel story.',
] as const;

const PROVINCE_CLOSERS: Readonly<Record<string, string>> = {
  Gauteng: 'Swipe right if you know where to get the best kota.',
  'KwaZulu-Natal': 'Bonus points if you know a good bunny chow spot.',
  'Western Cape': 'Lion’s Head at sunrise, anyone?',
  'Eastern Cape': 'Tell me your favourite spot on the coast.',
};

export interface BioInput {
  jobTitle: string;
  city: string;
  province: string;
  interests: readonly string[];
  relationshipType: RelationshipType;
}

const withArticle = (noun: string) => `${/^[AEIOU]/i.test(noun) ? 'an' : 'a'} ${noun.toLowerCase()}`;

export function writeBio(random: Random, input: BioInput): string {
  const { city, interests } = input;
  const job = input.jobTitle;
  const [first, second] = random.sample(interests, 2);
  const pastime = (interest: string | undefined) => PASTIMES[interest ?? ''] ?? 'good company';
  const working = !/^(Student|Retired)/.test(job);

  const openers = [
    `Born and raised in ${city}.`,
    `Moved to ${city} for work and stayed for the people.`,
    'Curious, warm and a little bit sarcastic.',
    'Introvert until you get to know me; then I won’t stop talking.',
    'Simple person: good food, good music, good people.',
    `Weekdays are busy; weekends are for ${pastime(first)} and ${pastime(second)}.`,
    ...(working
      ? [
        `${job} based in ${city}.`,
        `${city} local, ${job.toLowerCase()} by day.`,
        `I work as ${withArticle(job)} and try not to take life too seriously.`,
        `Easy-going ${job.toLowerCase()} who laughs at my own jokes.`,
        `Weekdays I’m ${withArticle(job)}; weekends are for ${pastime(first)} and ${pastime(second)}.`,
      ]
      : [job === 'Student' ? `Student in ${city}, surviving on coffee and group chats.` : `Retired, busier than ever, and loving life in ${city}.`]),
  ];

  const sentences = [random.pick(openers)];
  const lines = random.sample(interests, random.chance(0.5) ? 2 : 1).map((i) => random.pick(INTEREST_LINES[i] ?? ['']));
  sentences.push(...lines.filter(Boolean));
  sentences.push(random.pick(LOOKING_FOR[input.relationshipType]));
  if (random.chance(0.7)) {
    const local = PROVINCE_CLOSERS[input.province];
    sentences.push(local && random.chance(0.3) ? local : random.pick(CLOSERS));
  }
  return sentences.join(' ');
}

/** The demo account's own about text. */
export const DEMO_ACCOUNT_BIO =
  'Product designer in Johannesburg who’s happiest on a hiking trail or behind the braai. I make a decent flat white, ' +
  'know every good coffee spot in Maboneng and will happily debate the best live music venue in town. ' +
  'Looking for someone kind and curious to explore the city with.';
