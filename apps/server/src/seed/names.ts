import { HAIR_COLOURS, type HairStyle } from './avatars';

/**
 * Name pools for demo members, grouped so a first name and a surname belong together, and so
 * each province gets the mix of people one would actually meet there.
 */
export type NameGroupId =
  | 'zulu' | 'xhosa' | 'sotho_tswana_pedi' | 'venda_tsonga' | 'afrikaans' | 'english' | 'cape' | 'indian' | 'lusophone';

export interface NameGroup {
  id: NameGroupId;
  weight: number;
  female: readonly string[];
  male: readonly string[];
  neutral: readonly string[];
  surnames: readonly string[];
  /** Range of indices into SKIN_TONES. */
  skin: readonly [number, number];
  hairColours: readonly string[];
  hairStyles: { female: readonly HairStyle[]; male: readonly HairStyle[] };
}

const dark = [HAIR_COLOURS.black, HAIR_COLOURS.darkBrown] as const;
const varied = [HAIR_COLOURS.darkBrown, HAIR_COLOURS.brown, HAIR_COLOURS.chestnut, HAIR_COLOURS.auburn, HAIR_COLOURS.blonde,
  HAIR_COLOURS.lightBlonde] as const;
const africanStyles = {
  female: ['afro', 'braids', 'braids', 'headwrap', 'bun', 'short', 'long', 'bob'],
  male: ['short', 'short', 'buzz', 'buzz', 'high_top', 'bald', 'afro'],
} as const;
const straightStyles = {
  female: ['long', 'long', 'bob', 'bun', 'short', 'braids'],
  male: ['short', 'side_part', 'side_part', 'buzz', 'bald', 'long'],
} as const;

export const NAME_GROUPS: readonly NameGroup[] = [
  {
    id: 'zulu', weight: 18,
    female: ['Thandi', 'Nomvula', 'Zanele', 'Lindiwe', 'Nosipho', 'Sibongile', 'Khanyisile', 'Nandi', 'Thandeka',
      'Zodwa', 'Buhle', 'Nokuthula', 'Sindisiwe', 'Busisiwe', 'Nompumelelo', 'Hlengiwe', 'Zinhle', 'Ntombifuthi'],
    male: ['Sipho', 'Bongani', 'Mandla', 'Sizwe', 'Themba', 'Siyabonga', 'Sandile', 'Mthunzi', 'Xolani', 'Lungelo',
      'Nkosinathi', 'Musa', 'Vusi', 'Sbu', 'Thulani', 'Mlungisi', 'Njabulo', 'Phiwe'],
    neutral: ['Ayanda', 'Andile', 'Sanele', 'Lungile', 'Nkanyiso', 'Mpilo'],
    surnames: ['Nkosi', 'Dlamini', 'Ndlovu', 'Khumalo', 'Mthembu', 'Ngcobo', 'Buthelezi', 'Cele', 'Shabalala', 'Mkhize',
      'Majola', 'Gumede', 'Xaba', 'Zungu', 'Mabaso', 'Ntuli', 'Sithole', 'Mbatha', 'Hadebe', 'Mtshali', 'Zwane'],
    skin: [0, 5], hairColours: dark, hairStyles: africanStyles,
  },
  {
    id: 'xhosa', weight: 12,
    female: ['Siphokazi', 'Zintle', 'Yonela', 'Nolitha', 'Sinovuyo', 'Bulelwa', 'Noluthando', 'Ziyanda', 'Lihle',
      'Nwabisa', 'Simamkele', 'Olwethu'],
    male: ['Lwando', 'Luyolo', 'Athenkosi', 'Mzukisi', 'Lonwabo', 'Xolisa', 'Khaya', 'Lukhanyo', 'Bonga', 'Mthetho',
      'Siyamthanda', 'Zukisa'],
    neutral: ['Akhona', 'Asanda', 'Anathi', 'Unathi', 'Aviwe', 'Lulama'],
    surnames: ['Mqhayi', 'Dyantyi', 'Ngcukana', 'Mabandla', 'Matiwane', 'Jaxa', 'Gqirana', 'Makhaya', 'Ntshona',
      'Sobekwa', 'Ntsebeza', 'Nombembe', 'Qangule', 'Mpongo', 'Booi', 'Gxekwa'],
    skin: [0, 5], hairColours: dark, hairStyles: africanStyles,
  },
  {
    id: 'sotho_tswana_pedi', weight: 20,
    female: ['Lerato', 'Palesa', 'Refilwe', 'Dineo', 'Kgomotso', 'Boitumelo', 'Lebogang', 'Tshepiso', 'Keabetswe',
      'Masego', 'Rethabile', 'Mamello', 'Nthabiseng', 'Puleng', 'Dimakatso', 'Kamohelo'],
    male: ['Thabo', 'Tshepo', 'Kagiso', 'Tebogo', 'Katlego', 'Kabelo', 'Teboho', 'Oratile', 'Tumisang', 'Lehlohonolo',
      'Mpho', 'Motheo', 'Tlotlo', 'Kamogelo', 'Letlhogonolo'],
    neutral: ['Neo', 'Karabo', 'Lesego', 'Tumelo', 'Thato', 'Mpho', 'Reitumetse'],
    surnames: ['Mokoena', 'Molefe', 'Mofokeng', 'Motaung', 'Mokwena', 'Letsoalo', 'Modise', 'Sello', 'Moloi', 'Tau',
      'Phiri', 'Kekana', 'Seabi', 'Moagi', 'Selepe', 'Ramokgopa', 'Masilo', 'Tsotetsi', 'Mothibi', 'Lekalakala'],
    skin: [0, 5], hairColours: dark, hairStyles: africanStyles,
  },
  {
    id: 'venda_tsonga', weight: 6,
    female: ['Ntsako', 'Tsakani', 'Khensani', 'Rirhandzu', 'Vutomi', 'Wanga', 'Fulufhelo', 'Mulalo', 'Ndivhuwo'],
    male: ['Tshilidzi', 'Hlulani', 'Nyiko', 'Tiyani', 'Khathutshelo', 'Tshifhiwa', 'Risuna', 'Vongani', 'Murendeni'],
    neutral: ['Rudzani', 'Mashudu', 'Ntsako', 'Tiyiselani'],
    surnames: ['Maluleke', 'Baloyi', 'Mathebula', 'Chauke', 'Ramabulana', 'Mudau', 'Nemukula', 'Shirinda', 'Makhubela',
      'Ndou', 'Rikhotso', 'Nethononda', 'Mabunda'],
    skin: [0, 4], hairColours: dark, hairStyles: africanStyles,
  },
  {
    id: 'afrikaans', weight: 13,
    female: ['Anri', 'Marelize', 'Elize', 'Liezl', 'Chané', 'Karla', 'Annelie', 'Jana', 'Nadine', 'Carien', 'Elmarie',
      'Lize', 'Mariska', 'Rentia', 'Sunette', 'Ilze'],
    male: ['Pieter', 'Johan', 'Ruan', 'Francois', 'Jaco', 'Wian', 'Gerhard', 'Hendrik', 'Stefan', 'Dewald', 'Riaan',
      'Morné', 'Werner', 'Christo', 'Dian', 'Schalk', 'JP'],
    neutral: ['Dani', 'Kim', 'Mika', 'Jo'],
    surnames: ['van der Merwe', 'Botha', 'Pretorius', 'du Plessis', 'Steyn', 'Coetzee', 'van Wyk', 'Nel', 'Joubert',
      'Venter', 'le Roux', 'Fourie', 'Kruger', 'Swanepoel', 'du Toit', 'Smit', 'Visser', 'Engelbrecht', 'Marais', 'Louw'],
    skin: [6, 9], hairColours: varied, hairStyles: straightStyles,
  },
  {
    id: 'english', weight: 9,
    female: ['Emma', 'Sarah', 'Jessica', 'Claire', 'Megan', 'Kate', 'Olivia', 'Rebecca', 'Hannah', 'Lauren', 'Nicole',
      'Amy', 'Caitlin', 'Gemma'],
    male: ['James', 'Michael', 'Daniel', 'Ryan', 'Matthew', 'Luke', 'David', 'Craig', 'Sean', 'Jason', 'Mark', 'Greg',
      'Warren', 'Ross'],
    neutral: ['Alex', 'Jordan', 'Sam', 'Jamie', 'Robin', 'Charlie', 'Morgan'],
    surnames: ['Smith', 'Williams', 'Taylor', 'Brown', 'Wilson', 'Thompson', 'Harris', 'Walker', 'Clarke', 'Edwards',
      'Bennett', 'Robinson', 'Campbell', 'Murray', 'Stewart', 'Kelly', 'Fitzgerald', 'Shaw', 'Hughes'],
    skin: [6, 9], hairColours: varied, hairStyles: straightStyles,
  },
  {
    id: 'cape', weight: 9,
    female: ['Chantelle', 'Shireen', 'Natasha', 'Bianca', 'Tasneem', 'Zainab', 'Leigh-Ann', 'Monique', 'Candice',
      'Kirsten', 'Ruschka', 'Fatima', 'Nazeema', 'Lee-Ann', 'Mishka'],
    male: ['Clint', 'Brandon', 'Reagan', 'Riyaad', 'Ebrahim', 'Shaun', 'Marlon', 'Gavin', 'Tashreeq', 'Faiek',
      'Nathan', 'Ricardo', 'Waseem', 'Keenan', 'Jerome'],
    neutral: ['Jody', 'Riley', 'Kyle', 'Kelly'],
    surnames: ['Adams', 'Jacobs', 'Hendricks', 'Isaacs', 'Petersen', 'Davids', 'Abrahams', 'Daniels', 'Solomons',
      'Arendse', 'Cupido', 'Fortuin', 'Jansen', 'Cloete', 'September', 'Salie', 'Kannemeyer', 'Lottering'],
    skin: [3, 7], hairColours: [...dark, HAIR_COLOURS.brown], hairStyles: {
      female: ['long', 'long', 'bun', 'bob', 'braids', 'afro', 'headwrap'],
      male: ['short', 'side_part', 'buzz', 'buzz', 'bald', 'high_top'],
    },
  },
  {
    id: 'indian', weight: 8,
    female: ['Priya', 'Kavitha', 'Nisha', 'Shreya', 'Anisha', 'Yashika', 'Meera', 'Sharmila', 'Ayesha', 'Kerisha',
      'Deshni', 'Thrisha', 'Nirvana', 'Shivani'],
    male: ['Rajesh', 'Pravesh', 'Sanjay', 'Yusuf', 'Nikhil', 'Ashwin', 'Vikash', 'Deveshan', 'Kreshen', 'Arjun',
      'Imraan', 'Kavish', 'Rishen', 'Suhail'],
    neutral: ['Kiran', 'Noor', 'Sasha', 'Ashvir'],
    surnames: ['Naidoo', 'Pillay', 'Govender', 'Reddy', 'Moodley', 'Chetty', 'Singh', 'Maharaj', 'Padayachee',
      'Naicker', 'Moosa', 'Patel', 'Khan', 'Ramsamy', 'Munsamy', 'Sewpersad'],
    skin: [3, 7], hairColours: dark, hairStyles: {
      female: ['long', 'long', 'long', 'bun', 'bob', 'braids'],
      male: ['short', 'side_part', 'side_part', 'buzz', 'bald'],
    },
  },
  {
    id: 'lusophone', weight: 3,
    female: ['Ana', 'Sofia', 'Carla', 'Daniela', 'Eleni', 'Maria', 'Tatiana', 'Joana'],
    male: ['Nuno', 'Ricardo', 'Carlos', 'Nikos', 'Andreas', 'Miguel', 'Tiago', 'Paulo'],
    neutral: ['Andrea', 'Ariel', 'Alexis'],
    surnames: ['Fernandes', 'Gonçalves', 'da Silva', 'Pereira', 'Rodrigues', 'Georgiou', 'Ferreira', 'Teixeira',
      'Papadopoulos', 'de Sousa'],
    skin: [5, 8], hairColours: [...dark, HAIR_COLOURS.brown, HAIR_COLOURS.chestnut], hairStyles: straightStyles,
  },
];

/** How much more (or less) likely each group is in a province than nationally. */
export const PROVINCE_GROUP_FACTORS: Readonly<Record<string, Partial<Record<NameGroupId, number>>>> = {
  Gauteng: {},
  'Western Cape': { cape: 4, afrikaans: 2, english: 1.6, xhosa: 1.4, zulu: 0.2, sotho_tswana_pedi: 0.3, venda_tsonga: 0.2, indian: 0.4 },
  'KwaZulu-Natal': { zulu: 3.5, indian: 3.5, xhosa: 0.5, sotho_tswana_pedi: 0.2, venda_tsonga: 0.1, afrikaans: 0.4, cape: 0.3 },
  'Eastern Cape': { xhosa: 5, cape: 1.5, english: 1.5, zulu: 0.3, sotho_tswana_pedi: 0.3, venda_tsonga: 0.1, indian: 0.3 },
  'Free State': { sotho_tswana_pedi: 3, afrikaans: 2, zulu: 0.4, xhosa: 0.5, indian: 0.2, cape: 0.5, venda_tsonga: 0.3 },
  Limpopo: { venda_tsonga: 6, sotho_tswana_pedi: 2.5, zulu: 0.3, xhosa: 0.1, afrikaans: 0.6, english: 0.3, cape: 0.1, indian: 0.2 },
  Mpumalanga: { zulu: 2, venda_tsonga: 2, afrikaans: 1, xhosa: 0.2, cape: 0.2, indian: 0.3 },
  'North West': { sotho_tswana_pedi: 3, afrikaans: 1.5, zulu: 0.4, xhosa: 0.4, cape: 0.3, indian: 0.2 },
  'Northern Cape': { afrikaans: 2.5, cape: 3, sotho_tswana_pedi: 1.5, zulu: 0.2, xhosa: 0.4, indian: 0.1, venda_tsonga: 0.1 },
};

/** Relative share of demo members per city; cities not listed count 1. */
export const CITY_WEIGHTS: Readonly<Record<string, number>> = {
  Johannesburg: 22, Pretoria: 12, Soweto: 5, Centurion: 4, Sandton: 5,
  'Cape Town': 20, Stellenbosch: 3, Paarl: 2, George: 2,
  Durban: 11, Pietermaritzburg: 3, Umhlanga: 3, 'Richards Bay': 1.5,
  Gqeberha: 3.5, 'East London': 2.5, Mthatha: 1,
  Bloemfontein: 2.5, Welkom: 1,
  Polokwane: 2, Thohoyandou: 1,
  Mbombela: 2, Emalahleni: 1,
  Rustenburg: 1.5, Mahikeng: 1, Potchefstroom: 1.2,
  Kimberley: 1.2, Upington: 0.6,
};
