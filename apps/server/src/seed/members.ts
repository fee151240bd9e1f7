import {
  AGE_LIMITS, BODY_TYPES, DRINKING_HABITS, INTEREST_CATALOGUE, LOVE_LANGUAGES, PROVINCES,
  type BodyType, type DrinkingHabit, type Gender, type LoveLanguage, type MaritalStatus, type RelationshipType,
} from '@linkup/contract';
import { ageFromBirthDate } from '../lib/time';
import { randomLook, type AvatarLook } from './avatars';
import { writeBio } from './bios';
import { DEMO_EMAIL_DOMAIN } from './demo-account';
import { CITY_WEIGHTS, NAME_GROUPS, PROVINCE_GROUP_FACTORS, type NameGroup } from './names';
import { createRandom, deriveSeed, type Random } from './random';

/** Everything about one demo member, before ids and timestamps are stamped on. */
export interface DemoMember {
  index: number;
  name: string;
  email: string;
  phoneNumber: string;
  gender: Gender;
  dateOfBirth: string;
  age: number;
  about: string;
  city: string;
  province: string;
  maritalStatus: MaritalStatus;
  bodyType: BodyType;
  relationshipType: RelationshipType;
  howOftenDrink: DrinkingHabit;
  loveLanguage: LoveLanguage;
  heightCm: number;
  jobTitle: string;
  education: string;
  interests: string[];
  /** How long ago they joined and were last active, in ms before "now". */
  joinedAgoMs: number;
  lastActiveAgoMs: number;
  look: AvatarLook;
  photoCount: number;
  /** Seed for this member's photo scenes. */
  photoSeed: number;
}

const DAY = 24 * 60 * 60 * 1000;

/** Seeded members' mobiles: +27821000001, +27821000002, … (the demo account is +27820000001). */
export function demoMemberMobile(index: number): string {
  return `+27821${String(index + 1).padStart(6, '0')}`;
}

const CITIES: readonly (readonly [readonly [string, string], number])[] = Object.entries(PROVINCES).flatMap(([province, cities]) =>
  cities.map((city) => [[province, city] as const, CITY_WEIGHTS[city] ?? 1] as const),
);

const UNIVERSITIES: Readonly<Record<string, readonly string[]>> = {
  Gauteng: ['Wits University', 'University of Johannesburg', 'University of Pretoria', 'UNISA'],
  'Western Cape': ['University of Cape Town', 'Stellenbosch University', 'University of the Western Cape'],
  'KwaZulu-Natal': ['University of KwaZulu-Natal'],
  'Eastern Cape': ['Nelson Mandela University', 'Rhodes University', 'Walter Sisulu University', 'University of Fort Hare'],
  'Free State': ['University of the Free State'],
  Limpopo: ['University of Limpopo', 'University of Venda'],
  Mpumalanga: ['University of Mpumalanga'],
  'North West': ['North-West University'],
  'Northern Cape': ['Sol Plaatje University'],
};
const TECHNIKONS: Readonly<Record<string, string>> = {
  Gauteng: 'Tshwane University of Technology', 'Western Cape': 'Cape Peninsula University of Technology',
  'KwaZulu-Natal': 'Durban University of Technology', 'Free State': 'Central University of Technology',
};

/** Jobs with the youngest age that fits and education that goes with them ({uni}/{tech} filled per province). */
const JOBS: readonly (readonly [string, number, readonly string[], number])[] = [
  ['Teacher', 22, ['BEd, {uni}', 'PGCE, {uni}'], 4],
  ['Registered nurse', 22, ['BNurs, {uni}', 'Diploma in Nursing'], 4],
  ['Software developer', 21, ['BSc Computer Science, {uni}', 'Diploma in IT, {tech}', 'Self-taught'], 4],
  ['Accountant', 23, ['BCom Accounting, {uni}', 'CA(SA), {uni}'], 3],
  ['Graphic designer', 21, ['Diploma in Graphic Design, {tech}', 'BA Visual Communication, {uni}'], 2],
  ['Marketing manager', 26, ['BCom Marketing, {uni}', 'Diploma in Marketing, {tech}'], 2],
  ['Civil engineer', 23, ['BEng Civil Engineering, {uni}'], 2],
  ['Chef', 20, ['Diploma in Culinary Arts', 'Trained on the job'], 2],
  ['Pharmacist', 24, ['BPharm, {uni}'], 1],
  ['Physiotherapist', 23, ['BSc Physiotherapy, {uni}'], 1],
  ['Financial advisor', 24, ['BCom Finance, {uni}'], 2],
  ['Social worker', 23, ['BSW, {uni}'], 2],
  ['Architect', 25, ['MArch, {uni}'], 1],
  ['Electrician', 20, ['Trade certificate', 'N6 Electrical Engineering'], 2],
  ['Sales consultant', 19, ['Matric', 'Diploma in Sales and Marketing'], 3],
  ['HR officer', 22, ['BCom Human Resources, {uni}', 'Diploma in HR Management, {tech}'], 2],
  ['Journalist', 22, ['BA Journalism, {uni}'], 1],
  ['Paramedic', 21, ['Diploma in Emergency Medical Care, {tech}'], 1],
  ['Data analyst', 22, ['BSc Statistics, {uni}', 'BCom Economics, {uni}'], 2],
  ['Attorney', 25, ['LLB, {uni}'], 2],
  ['Photographer', 20, ['Self-taught', 'Diploma in Photography'], 1],
  ['Personal trainer', 19, ['Certificate in Fitness Training', 'BSc Sport Science, {uni}'], 1],
  ['Entrepreneur', 22, ['Matric', 'BCom, {uni}', 'School of life'], 3],
  ['Project manager', 26, ['BCom, {uni}', 'Diploma in Project Management, {tech}'], 2],
  ['Doctor', 26, ['MBChB, {uni}'], 1],
  ['Dentist', 26, ['BDS, {uni}'], 1],
  ['Mechanical engineer', 23, ['BEng Mechanical Engineering, {uni}'], 1],
  ['Barista', 18, ['Matric'], 1],
  ['Small business owner', 25, ['Matric', 'Diploma in Business Management'], 2],
  ['Logistics coordinator', 22, ['Diploma in Logistics, {tech}'], 1],
  ['Police officer', 21, ['Matric', 'Diploma in Policing'], 1],
  ['Estate agent', 22, ['Matric', 'NQF 4 Real Estate'], 1],
  ['Musician', 19, ['Self-taught', 'BMus, {uni}'], 1],
  ['Flight attendant', 20, ['Matric', 'Cabin crew training'], 1],
  ['Veterinarian', 25, ['BVSc, University of Pretoria'], 1],
  ['Content creator', 19, ['Self-taught', 'BA Media Studies, {uni}'], 1],
  ['Lecturer', 28, ['MA, {uni}', 'PhD, {uni}'], 1],
  ['Quantity surveyor', 23, ['BSc Quantity Surveying, {uni}'], 1],
  ['Call centre team leader', 20, ['Matric'], 1],
  ['Hairstylist', 19, ['Certificate in Hairdressing'], 1],
  ['Retail manager', 24, ['Diploma in Retail Management'], 1],
  ['Pilot', 24, ['Commercial pilot licence'], 1],
];
const STUDIES = ['BCom', 'Law', 'Medicine', 'BSc Computer Science', 'Psychology', 'Engineering', 'Architecture', 'BA Media Studies'];

function pickAge(random: Random): number {
  const [min, max] = random.weighted([[[18, 24], 18], [[25, 34], 40], [[35, 44], 25], [[45, 52], 10], [[53, 60], 7]] as const);
  return random.int(min, max);
}

/** A YYYY-MM-DD birth date that makes the member exactly `age` today. */
export function birthDateForAge(age: number, now: Date, random: Random): string {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const lastBirthday = new Date(now.getTime() - random.int(0, 360) * DAY);
    const year = lastBirthday.getUTCFullYear() - age;
    const month = lastBirthday.getUTCMonth() + 1;
    const day = Math.min(lastBirthday.getUTCDate(), month === 2 ? 28 : 31);
    const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    if (ageFromBirthDate(date, now) === age) return date;
  }
  return `${now.getUTCFullYear() - age - 1}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

function pickGroup(random: Random, province: string): NameGroup {
  const factors = PROVINCE_GROUP_FACTORS[province] ?? {};
  return random.weighted(NAME_GROUPS.map((g) => [g, g.weight * (factors[g.id] ?? 1)] as const));
}

/** Lower-case ASCII for an e-mail local part: "du Plessis" → "duplessis", "Chané" → "chane". */
function emailPart(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z]/g, '');
}

function pickJob(random: Random, age: number, province: string): { jobTitle: string; education: string } {
  const unis = UNIVERSITIES[province] ?? UNIVERSITIES.Gauteng!;
  const uni = random.chance(0.75) ? random.pick(unis) : random.pick(Object.values(UNIVERSITIES).flat());
  const tech = TECHNIKONS[province] ?? random.pick(Object.values(TECHNIKONS));
  const fill = (s: string) => s.replace('{uni}', uni).replace('{tech}', tech);
  if (age <= 22 && random.chance(age <= 20 ? 0.7 : 0.4)) {
    return { jobTitle: 'Student', education: `Studying ${random.pick(STUDIES)} at ${uni}` };
  }
  if (age >= 57 && random.chance(0.4)) {
    const [jobTitle, education] = random.pick([['Retired teacher', 'BEd, {uni}'], ['Retired nurse', 'Diploma in Nursing'],
      ['Semi-retired consultant', 'BCom, {uni}']] as const);
    return { jobTitle, education: fill(education) };
  }
  const fitting = JOBS.filter(([, minAge]) => age >= minAge);
  const [jobTitle, , educations] = random.weighted(fitting.map((job) => [job, job[3]] as const));
  return { jobTitle, education: fill(random.pick(educations)) };
}

/** Demo member number `index`: the same person for the same seed, whatever the other members are. */
export function generateDemoMember(index: number, seed: number, now: Date): DemoMember {
  const random = createRandom(deriveSeed(seed, index));
  const gender = random.weighted([['female', 47], ['male', 47], ['non_binary', 6]] as const);
  const age = pickAge(random);
  const [province, city] = random.weighted(CITIES);
  const group = pickGroup(random, province);
  const firstName = random.pick(gender === 'female' ? group.female : gender === 'male' ? group.male : group.neutral);
  const surname = random.pick(group.surnames);
  const name = `${firstName} ${surname.charAt(0).toUpperCase()}${surname.slice(1)}`;

  const maritalStatus = random.weighted<MaritalStatus>([
    ['single', 78], ['divorced', age >= 28 ? 14 + age / 4 : 0], ['separated', age >= 25 ? 5 : 0], ['widowed', age >= 40 ? 4 + (age - 40) / 3 : 0],
  ]);
  const relationshipType = random.weighted<RelationshipType>([
    ['long_term', 38], ['marriage', age >= 26 ? 18 : 4], ['short_term', age <= 35 ? 9 : 4], ['friendship', 9],
    ['casual', age <= 35 ? 8 : 4], ['not_sure', 10],
  ]);
  const interests = random.sample(INTEREST_CATALOGUE, random.int(3, 6));
  const { jobTitle, education } = pickJob(random, age, province);
  const heightMean = gender === 'male' ? 175 : gender === 'female' ? 162 : 168;
  const heightCm = Math.round(Math.min(205, Math.max(145, random.normal(heightMean, gender === 'non_binary' ? 8 : 7))));

  // Activity: most members were around in the last few days, a few drifted off ~two weeks ago.
  const lastActiveAgoMs = Math.floor(random.next() ** 2.2 * 14 * DAY);
  const joinedAgoMs = lastActiveAgoMs + random.int(1, 150) * DAY + random.int(0, DAY);
  const look = randomLook(random, {
    skinRange: group.skin,
    hairColours: group.hairColours,
    hairStyles: gender === 'female' ? group.hairStyles.female
      : gender === 'male' ? group.hairStyles.male
        : [...group.hairStyles.female, ...group.hairStyles.male],
    beardChance: gender === 'male' ? 0.35 : 0,
    earringChance: gender === 'female' ? 0.6 : gender === 'non_binary' ? 0.4 : 0.08,
    age,
  });

  return {
    index,
    name,
    email: `${emailPart(firstName)}.${emailPart(surname)}.${index + 1}@${DEMO_EMAIL_DOMAIN}`,
    phoneNumber: demoMemberMobile(index),
    gender,
    dateOfBirth: birthDateForAge(age, now, random),
    age,
    about: writeBio(random, { jobTitle, city, province, interests, relationshipType }),
    city,
    province,
    maritalStatus,
    bodyType: random.weighted<BodyType>(BODY_TYPES.map((b) => [b, b === 'average' ? 4 : b === 'athletic' || b === 'slim' ? 3 : 2])),
    relationshipType,
    howOftenDrink: random.weighted<DrinkingHabit>(DRINKING_HABITS.map((d) => [d, { never: 2, rarely: 3, socially: 5, regularly: 1 }[d]])),
    loveLanguage: random.pick<LoveLanguage>(LOVE_LANGUAGES),
    heightCm,
    jobTitle,
    education,
    interests,
    joinedAgoMs,
    lastActiveAgoMs,
    look,
    photoCount: random.weighted([[1, 3], [2, 4], [3, 3]] as const),
    photoSeed: random.int(0, 2 ** 31),
  };
}

/** What a demo member looks for: mostly the usual, with some variety, so discovery has real two-way work to do. */
export interface DemoPreferences {
  genders: Gender[];
  ageMin: number;
  ageMax: number;
  maxDistanceKm: number | null;
  relationshipTypes: RelationshipType[];
  strictFields: string[];
}

export function demoPreferences(member: Pick<DemoMember, 'gender' | 'age' | 'relationshipType' | 'photoSeed'>): DemoPreferences {
  const random = createRandom(deriveSeed(member.photoSeed, 7_919));
  const genders = random.weighted<Gender[]>(
    member.gender === 'male' ? [[['female'], 84], [['male'], 10], [['female', 'male'], 6]]
      : member.gender === 'female' ? [[['male'], 84], [['female'], 8], [['female', 'male'], 8]]
        : [[['female', 'male', 'non_binary'], 50], [['female', 'non_binary'], 25], [['male', 'non_binary'], 25]],
  );
  const ageMin = Math.max(AGE_LIMITS.min, member.age - random.int(3, 9));
  const ageMax = Math.min(AGE_LIMITS.max, Math.max(ageMin + 4, member.age + random.int(3, 10)));
  return {
    genders,
    ageMin,
    ageMax,
    maxDistanceKm: random.weighted<number | null>([[null, 45], [100, 25], [50, 20], [25, 10]]),
    relationshipTypes: random.chance(0.4) ? [member.relationshipType] : [],
    strictFields: random.chance(0.8) ? ['genders', 'age'] : ['genders'],
  };
}
