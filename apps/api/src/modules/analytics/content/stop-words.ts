import { deu, eng, fra, ita, nld, por, porBr, spa } from "stopword";

/** The languages whose filler §1.4 drops; the `stopword` package's ISO 639-3 codes. English comes first. */
export const LANGUAGES = ["eng", "deu", "fra", "spa", "ita", "por", "nld"] as const;
export type Language = (typeof LANGUAGES)[number];

const words = (list: string) => list.split(/\s+/u).filter((w) => w.length > 0);

/**
 * stopword's English list has only 108 words (no "not", "so", "just", contractions): these close the gaps that
 * otherwise top every caption's keyword list.
 */
const ENGLISH_EXTRA = `a about above after again against all am an and any are aren't as at be been being below both
but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each few for from further
had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him himself his how how's
i i'd i'll i'm i've if in into is isn't it it's its itself just let's me more most mustn't my myself no nor not of
off on once only or other ought our ours ourselves out over own same shan't she she'd she'll she's should shouldn't
so some such than that that's the their theirs them themselves then there there's these they they'd they'll they're
they've this those through to too under until up us very was wasn't we we'd we'll we're we've were weren't what
what's when when's where where's which while who who's whom why why's will with won't would wouldn't you you'd
you'll you're you've your yours yourself yourselves yet ever every really s t ll re ve d m`;

/** stopword's Spanish (59 words) and Portuguese lists lack the commonest verbs and possessives. */
const SPANISH_EXTRA = `es está están estás son soy hay ser estar fue era este esta estos estas todo todos toda todas tu
tus nuestro nuestra nuestros nuestras ha han he has aquí así solo sólo cada bien les`;
const PORTUGUESE_EXTRA = `é são está estão foi ser estar ter tem têm vai vou pra pro aqui todo toda todos todas cada`;

/** The function words of each language: they also tell which language a post is in (`postLanguage`). */
const FUNCTION_WORDS: Record<Language, ReadonlySet<string>> = {
  eng: new Set([...eng, ...words(ENGLISH_EXTRA)]),
  deu: new Set(deu),
  fra: new Set(fra),
  spa: new Set([...spa, ...words(SPANISH_EXTRA)]),
  ita: new Set(ita),
  por: new Set([...por, ...porBr, ...words(PORTUGUESE_EXTRA)]),
  nld: new Set(nld),
};

/** Whether a word is a function word in any of the languages. */
export const isFunctionWord = (word: string) =>
  LANGUAGES.some((language) => FUNCTION_WORDS[language].has(word));

/** §1.4's social list: platform chatter, calls to action and giveaway mechanics say nothing about the content. */
const SOCIAL = `rt via amp dm dms link links bio linkinbio click tap swipe giveaway giveaways contest sweepstakes enter
entry entries winner winners tag tagged follow follower followers repost retweet reposted comment comments share
instagram insta ig facebook fb tiktok youtube yt linkedin twitter tweet tweets threads pinterest`;

/**
 * What the stop-word lists lack and captions are full of: counts, dates, times of day and praise any brand gives
 * itself. Per language: number words and ordinals; weekdays and months with their abbreviations; relative time;
 * generic marketing adjectives. Abbreviations that are also common words ("sun", "sat", and "mar", the sea in
 * Spanish and Portuguese) are left out, and so are words that mostly live in phrases ("day", "night", "free").
 */
const FILLER: Record<Language, string> = {
  eng: `one two three four five six seven eight nine ten eleven twelve dozen hundred thousand million
first second third fourth fifth sixth seventh eighth ninth tenth twice
monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays saturdays
sundays mon tue tues wed thu thur thurs fri weekday weekdays
january february march april may june july august september october november december
jan feb apr jun jul aug sep sept oct nov dec
today tomorrow tonight yesterday tonite tmrw weekend weekends soon pm o'clock
new perfect best great amazing awesome good better excellent incredible fantastic wonderful beautiful favorite
favourite favorites favourites ultimate exclusive special latest epic brilliant lovely gorgeous stunning fabulous
excited exciting`,
  deu: `eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf
erste ersten erster erstes zweite zweiten dritte dritten vierte fünfte sechste siebte achte neunte zehnte
montag dienstag mittwoch donnerstag freitag samstag sonntag sonnabend mo di mi do fr sa so
januar jänner februar märz april mai juni juli august september oktober november dezember
jan feb mär apr jun jul aug sep sept okt nov dez
heute morgen gestern übermorgen wochenende uhr
neu neue neuen neuer neues perfekt perfekte perfekten beste besten bester bestes toll tolle tollen super
großartig großartige fantastisch genial wunderbar wunderschön schön schöne schönen exklusiv exklusive mega`,
  fra: `un une deux trois quatre cinq six sept huit neuf dix onze douze
premier première premiers premières deuxième troisième quatrième cinquième sixième septième huitième neuvième
dixième lundi mardi mercredi jeudi vendredi samedi dimanche lun mar mer jeu ven sam dim
janvier février mars avril mai juin juillet août septembre octobre novembre décembre
janv févr fév avr juil sept oct nov déc
aujourd'hui demain hier soir weekend
nouveau nouvel nouvelle nouveaux nouvelles parfait parfaite meilleur meilleure meilleurs meilleures super génial
géniale incroyable magnifique superbe top exclusif exclusive excellent excellente merveilleux fantastique`,
  spa: `uno una dos tres cuatro cinco seis siete ocho nueve diez once doce
primero primera primer segundo segunda tercero tercera tercer cuarto cuarta quinto quinta sexto sexta séptimo
séptima octavo octava noveno novena décimo décima
lunes martes miércoles jueves viernes sábado domingo lun mié jue vie sáb dom
enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre
ene feb abr may jun jul ago sep sept oct nov dic
hoy mañana ayer finde
nuevo nueva nuevos nuevas perfecto perfecta mejor mejores increíble increíbles genial gran excelente fantástico
fantástica maravilloso maravillosa exclusivo exclusiva súper`,
  ita: `uno una due tre quattro cinque sei sette otto nove dieci undici dodici
primo prima secondo seconda terzo terza quarto quarta quinto quinta sesto settimo ottavo nono decimo
lunedì martedì mercoledì giovedì venerdì sabato domenica lun mar mer gio ven sab dom
gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre
gen feb apr mag giu lug ago set ott nov dic
oggi domani ieri stasera weekend
nuovo nuova nuovi nuove perfetto perfetta migliore migliori ottimo ottima fantastico fantastica incredibile
splendido splendida bellissimo bellissima esclusivo esclusiva super top`,
  por: `um uma dois duas três quatro cinco seis sete oito nove dez onze doze
primeiro primeira segundo segunda terceiro terceira quarto quarta quinto quinta sexto sexta sétimo oitavo nono
décimo terça quinta sábado domingo feira seg ter qua qui sex sáb dom
janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro
jan fev abr mai jun jul ago set out nov dez
hoje amanhã ontem
novo nova novos novas perfeito perfeita melhor melhores incrível incríveis ótimo ótima maravilhoso maravilhosa
exclusivo exclusiva top super lindo linda`,
  nld: `een twee drie vier vijf zes zeven acht negen tien elf twaalf
eerste tweede derde vierde vijfde zesde zevende achtste negende tiende
maandag dinsdag woensdag donderdag vrijdag zaterdag zondag ma di wo do vr za zo
januari februari maart april mei juni juli augustus september oktober november december
jan feb mrt apr jun jul aug sep sept okt nov dec
vandaag morgen gisteren vanavond weekend
nieuw nieuwe perfect perfecte beste mooi mooie geweldig geweldige prachtig prachtige super top`,
};

/**
 * Words dropped from a post in each language. English function words, filler and the social list go from every
 * post, since captions in other languages mix them in; a post's own language adds its lists.
 */
const stopWordsOf = (language: Language): ReadonlySet<string> =>
  new Set([
    ...FUNCTION_WORDS.eng,
    ...words(FILLER.eng),
    ...words(SOCIAL),
    ...FUNCTION_WORDS[language],
    ...words(FILLER[language]),
  ]);

export const STOP_WORDS: Record<Language, ReadonlySet<string>> = {
  eng: stopWordsOf("eng"),
  deu: stopWordsOf("deu"),
  fra: stopWordsOf("fra"),
  spa: stopWordsOf("spa"),
  ita: stopWordsOf("ita"),
  por: stopWordsOf("por"),
  nld: stopWordsOf("nld"),
};

/**
 * Times of day ("6pm", "10.30am", "18h", "18h30", "9uhr") and ordinals written in digits ("1st", "2nd", "3e",
 * "1ère", "2º"): numbers dressed as words, which the pure-number rule misses.
 */
export const CLOCK_OR_ORDINAL =
  /^(?:\d{1,2}(?:[:.]\d{2})?(?:am|pm|a\.m|p\.m|h|hr|hrs|uhr)|\d{1,2}h\d{2}|\d+(?:st|nd|rd|th|er|ère|re|e|ème|eme|ste|de|º|ª))$/u;

/** Elided articles and prepositions glued to the next word in French and Italian ("l'été", "dell'anno"). */
export const ELISION =
  /^(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu|quoiqu|all|dall|dell|nell|sull|coll|quest|quell|un|tutt|nessun|bell|buon)'(?=\p{L})/u;
export const ELIDING_LANGUAGES: ReadonlySet<Language> = new Set(["fra", "ita"]);

/** The main language of the countries a brand may be registered in; multilingual ones (BE, CH, CA, LU) have none. */
const COUNTRY_LANGUAGE: Record<string, Language> = {
  ...Object.fromEntries(["US", "GB", "IE", "AU", "NZ", "ZA", "SG", "IN"].map((c) => [c, "eng"])),
  ...Object.fromEntries(["DE", "AT", "LI"].map((c) => [c, "deu"])),
  ...Object.fromEntries(["FR", "MC"].map((c) => [c, "fra"])),
  ...Object.fromEntries(
    [
      "ES",
      "MX",
      "AR",
      "CO",
      "CL",
      "PE",
      "VE",
      "UY",
      "EC",
      "BO",
      "PY",
      "CR",
      "PA",
      "DO",
      "GT",
      "HN",
      "NI",
      "SV",
    ].map((c) => [c, "spa"]),
  ),
  ...Object.fromEntries(["IT", "SM"].map((c) => [c, "ita"])),
  ...Object.fromEntries(["PT", "BR", "AO", "MZ"].map((c) => [c, "por"])),
  NL: "nld",
};

/** The language a brand's posts are assumed to be in when their words do not say: its country's, else English. */
export const brandLanguage = (country: string | null | undefined): Language =>
  (country ? COUNTRY_LANGUAGE[country.toUpperCase()] : undefined) ?? "eng";

/** A post must show this many function words of a language before it is taken to be in it. */
const MIN_LANGUAGE_HITS = 2;

/**
 * The language of one post's words. Chosen over a detector such as franc: counting each language's function words
 * costs seven set look-ups a word and no dependency, and a caption in any of these languages is full of them, while
 * character-trigram detectors are unreliable on captions this short. The language with most hits wins; a
 * tie, or fewer than two hits, falls back to the brand's language, which for short captions ("Cold brew season")
 * is the best guess there is.
 */
export function postLanguage(tokens: readonly string[], fallback: Language): Language {
  const hits = new Map<Language, number>();
  for (const token of tokens)
    for (const language of LANGUAGES)
      if (FUNCTION_WORDS[language].has(token)) hits.set(language, (hits.get(language) ?? 0) + 1);
  let best = fallback;
  let bestHits = Math.max(MIN_LANGUAGE_HITS - 1, hits.get(fallback) ?? 0);
  for (const language of LANGUAGES) {
    const n = hits.get(language) ?? 0;
    if (n > bestHits) {
      best = language;
      bestHits = n;
    }
  }
  return best;
}
