import type { Random } from './prng';

/*
 * Short contract text for the search volume (issue 16): clauses of a few hundred characters and
 * PDF pages of about a thousand, in English or Finnish. Their terms are drawn from one ranked
 * vocabulary per language with Zipf's law (a term's share falls as 1/rank), as words in real
 * prose are, so a query's words have the selectivity of real ones: the first terms stand in
 * almost every document, the last in a few in a hundred. Amounts and reference numbers add the
 * long tail of one-off tokens a real index holds.
 */

export type Language = 'en' | 'fi';

/** A list written as one space-separated string, to keep long word lists short. */
function words(text: string): readonly string[] {
  return text.split(' ');
}

/** English terms, most frequent first. */
export const ENGLISH_TERMS = words(
  'agreement party services payment customer supplier term notice invoice delivery ' +
    'confidential information liability fees obligations termination rights written data ' +
    'warranty period software licence personal processing acceptance support maintenance ' +
    'deliverables specification schedule insurance subcontractor audit security breach remedy ' +
    'damages indemnity dispute arbitration jurisdiction property intellectual copyright ' +
    'trademark patent source code escrow hosting backup encryption availability incident ' +
    'milestone penalty bonus interest currency euro tax withholding shipment warehouse ' +
    'inspection defect recall spare parts training documentation consultant hourly rate travel ' +
    'expenses overtime holiday employee contractor exclusivity territory distributor reseller ' +
    'royalty marketing brand logo website domain server cloud migration integration interface ' +
    'testing pilot rollout helpdesk ticket response resolution severity uptime credits ' +
    'benchmark forecast purchase order framework call-off volume discount rebate price index ' +
    'inflation adjustment renewal extension novation assignment merger insolvency bankruptcy ' +
    'guarantee surety deposit collateral lien retention title risk carriage incoterms ' +
    'customs export sanctions bribery whistleblowing sustainability emissions recycling ' +
    'packaging labelling hazardous asbestos scaffolding crane excavation',
);

/** Finnish terms, most frequent first. */
export const FINNISH_TERMS = words(
  'sopimus osapuoli palvelu maksu asiakas toimittaja ehdot irtisanominen lasku toimitus ' +
    'luottamuksellinen tieto vastuu hinta velvoite päättyminen oikeus kirjallinen aineisto ' +
    'takuu voimassaolo ohjelmisto lisenssi henkilötiedot käsittely hyväksyntä tuki ylläpito ' +
    'tuotos määrittely aikataulu vakuutus alihankkija tarkastus tietoturva rikkomus korjaus ' +
    'vahingonkorvaus vastuunrajoitus riita välimiesmenettely oikeuspaikka omaisuus ' +
    'immateriaalioikeus tekijänoikeus tavaramerkki patentti lähdekoodi talletus palvelin ' +
    'varmuuskopio salaus käytettävyys häiriö välitavoite sopimussakko bonus viivästyskorko ' +
    'valuutta arvonlisävero ennakonpidätys lähetys varasto vastaanottotarkastus virhe ' +
    'takaisinveto varaosa koulutus dokumentaatio konsultti tuntihinta matkakulut ylityö loma ' +
    'työntekijä urakoitsija yksinoikeus alue jälleenmyyjä rojalti markkinointi tuotemerkki ' +
    'logo verkkosivusto verkkotunnus pilvipalvelu siirto integraatio rajapinta testaus ' +
    'pilotti käyttöönotto tukipalvelu tiketti vasteaika ratkaisuaika vakavuusluokka ' +
    'hyvitys ennuste tilaus puitesopimus volyymi alennus hyvityslasku indeksi inflaatio ' +
    'hinnantarkistus uusiminen jatkaminen siirtäminen sulautuminen maksukyvyttömyys konkurssi ' +
    'takaus vakuus panttaus omistusoikeus vaaranvastuu rahti toimitusehto tulli vienti ' +
    'pakotteet lahjonta ilmoituskanava vastuullisuus päästöt kierrätys pakkaus merkinnät ' +
    'vaarallinen asbesti telineet nosturi kaivutyö',
);

const TITLES: Record<Language, readonly string[]> = {
  en: words(
    'Definitions Scope Services Deliverables Acceptance Payment Invoicing Term Termination ' +
      'Confidentiality Warranties Liability Indemnification Insurance Subcontracting Assignment ' +
      'Notices Audit Amendments Disputes',
  ),
  fi: words(
    'Määritelmät Soveltamisala Palvelut Tuotokset Hyväksyntä Maksuehdot Laskutus ' +
      'Voimassaolo Irtisanominen Luottamuksellisuus Takuu Vastuu Vahingonkorvaus Vakuutukset ' +
      'Alihankinta Siirtäminen Ilmoitukset Tarkastus Muutokset Riitaisuudet',
  ),
};

/** Sentence frames: each `#` is filled with a term of the vocabulary. */
const FRAMES: Record<Language, readonly string[]> = {
  en: [
    'The Supplier shall provide the # and the # in accordance with the #.',
    'Each Party shall notify the other Party in writing of any # affecting the #.',
    'The Customer shall pay the # within thirty (30) days of the date of the #.',
    'Neither Party is liable for # or # caused by events beyond its reasonable control.',
    'The # shall remain in force until the # has been completed and accepted.',
    'Any # arising out of this # shall be settled by # in Helsinki.',
    'The Supplier warrants that the # complies with the # and applicable #.',
    'Changes to the # require the prior written consent of both Parties.',
    'The # and the # are set out in the appendices to this Agreement.',
    'The Customer may audit the # and the # once per calendar year.',
    'Late # bears interest at the statutory rate until paid.',
    'The total liability for # is limited to the # paid in the preceding twelve months.',
  ],
  fi: [
    'Toimittaja vastaa siitä, että # ja # toteutetaan sovitun # mukaisesti.',
    'Osapuolen on ilmoitettava toiselle osapuolelle kirjallisesti # tai # muutoksesta.',
    'Asiakas maksaa # 30 päivän kuluessa # päiväyksestä.',
    'Kumpikaan osapuoli ei vastaa # tai # aiheutuvista välillisistä vahingoista.',
    '# on voimassa, kunnes # on toimitettu ja hyväksytty.',
    'Tästä # aiheutuvat erimielisyydet ratkaistaan # Helsingissä.',
    'Toimittaja takaa, että # täyttää # ja soveltuvan # vaatimukset.',
    '# muuttaminen edellyttää molempien osapuolten kirjallista suostumusta.',
    '# ja # on kuvattu tämän sopimuksen liitteissä.',
    'Asiakkaalla on oikeus tarkastaa # ja # kerran kalenterivuodessa.',
    'Viivästyneelle # maksetaan korkolain mukaista viivästyskorkoa.',
    'Osapuolen vastuu # on rajoitettu edeltävän 12 kuukauden aikana maksettuun #.',
  ],
};

/** Cumulative Zipf weights (share ∝ 1 / rank) over a vocabulary of `size` terms. */
function zipfCumulative(size: number): Float64Array {
  const cumulative = new Float64Array(size);
  let total = 0;
  for (let rank = 1; rank <= size; rank++) {
    total += 1 / rank;
    cumulative[rank - 1] = total;
  }
  return cumulative.map((value) => value / total);
}

const VOCABULARY: Record<Language, { terms: readonly string[]; cumulative: Float64Array }> = {
  en: { terms: ENGLISH_TERMS, cumulative: zipfCumulative(ENGLISH_TERMS.length) },
  fi: { terms: FINNISH_TERMS, cumulative: zipfCumulative(FINNISH_TERMS.length) },
};

/** One term of the language, drawn by its Zipf share (binary search of the cumulative shares). */
function pickTerm(random: Random, language: Language): string {
  const { terms, cumulative } = VOCABULARY[language];
  const roll = random.next();
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((cumulative[middle] ?? 1) < roll) low = middle + 1;
    else high = middle;
  }
  return terms[low] ?? terms[0] ?? '';
}

/** An amount or a reference number: tokens that occur once or a few times in the whole index. */
function oneOffToken(random: Random, language: Language): string {
  const amount = `${random.int(1, 990)} ${String(random.int(0, 999)).padStart(3, '0')}`;
  if (random.chance(0.5)) return language === 'en' ? `EUR ${amount}` : `${amount} euroa`;
  return `${language === 'en' ? 'ref.' : 'viite'} ${random.int(10_000, 99_999)}`;
}

function buildSentence(random: Random, language: Language): string {
  const frame = random.pick(FRAMES[language]);
  const sentence = frame.replaceAll('#', () => pickTerm(random, language));
  const capital = `${sentence[0]?.toUpperCase() ?? ''}${sentence.slice(1)}`;
  return random.chance(0.25) ? `${capital} (${oneOffToken(random, language)})` : capital;
}

/** A deal's language: most seeded contracts are English, the rest Finnish. */
export function pickLanguage(random: Random): Language {
  return random.chance(0.7) ? 'en' : 'fi';
}

/** A clause heading of the language (numbered by the caller). */
export function shortClauseTitle(random: Random, language: Language): string {
  return random.pick(TITLES[language]);
}

/** A clause of two or three sentences, about 200–450 characters of HTML. */
export function buildShortClauseHtml(random: Random, language: Language): string {
  const sentences = Array.from({ length: random.int(2, 3) }, () => buildSentence(random, language));
  return `<p>${sentences.join(' ')}</p>`;
}

/** The text layer of one PDF page: seven to twelve sentences, about 600–1200 characters. */
export function buildPageText(random: Random, language: Language): string {
  const sentences = Array.from({ length: random.int(7, 12) }, () =>
    buildSentence(random, language),
  );
  return sentences.join(' ');
}
