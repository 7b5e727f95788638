/**
 * The few words the site-type model reads, each list taken from a published vocabulary rather than
 * from the pages the model is trained on (a list written while reading those pages learns their
 * templates' wording, not the kind of site): schema.org's type names, the default interface
 * strings of the platforms each kind of site is built with (Shopify and WooCommerce, WordPress,
 * Docusaurus, MkDocs and Sphinx), the README sections of the standard-readme specification, and
 * each list's dictionary translations into the languages the scan sees besides English (Spanish,
 * French, German, Italian, Portuguese), leaving out a translation with a common second sense.
 */
import { phraseSource, wordsPattern } from './words';

/** Splits a schema.org type name into its words: 'CafeOrCoffeeShop' is 'cafe' and 'coffee shop'. */
export function typeNameWords(name: string): string[] {
  return name.split(/Or(?=[A-Z])|And(?=[A-Z])/).map((part) =>
    part
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
      .toLowerCase(),
  );
}

/**
 * schema.org's LocalBusiness subtypes (https://schema.org/LocalBusiness, its "More specific Types"
 * and theirs), leaves only: the category nodes ("FoodEstablishment", "MedicalBusiness") name no
 * trade. Store and its subtypes are left out: a shop is the e-commerce type's.
 */
export const SCHEMA_LOCAL_LEAVES = [
  'AnimalShelter',
  'AutoBodyShop',
  'AutoDealer',
  'AutoRental',
  'AutoRepair',
  'AutoWash',
  'GasStation',
  'MotorcycleDealer',
  'MotorcycleRepair',
  'ChildCare',
  'Dentist',
  'DryCleaningOrLaundry',
  'FireStation',
  'Hospital',
  'PoliceStation',
  'EmploymentAgency',
  'AmusementPark',
  'ArtGallery',
  'Casino',
  'ComedyClub',
  'MovieTheater',
  'NightClub',
  'AccountingService',
  'BankOrCreditUnion',
  'InsuranceAgency',
  'Bakery',
  'BarOrPub',
  'Brewery',
  'CafeOrCoffeeShop',
  'Distillery',
  'FastFoodRestaurant',
  'IceCreamShop',
  'Restaurant',
  'Winery',
  'PostOffice',
  'BeautySalon',
  'DaySpa',
  'HairSalon',
  'HealthClub',
  'NailSalon',
  'TattooParlor',
  'Electrician',
  'GeneralContractor',
  'HousePainter',
  'Locksmith',
  'MovingCompany',
  'Plumber',
  'RoofingContractor',
  'InternetCafe',
  'Attorney',
  'Notary',
  'Library',
  'BedAndBreakfast',
  'Campground',
  'Hostel',
  'Hotel',
  'Motel',
  'Resort',
  'VacationRental',
  'MedicalClinic',
  'Optician',
  'Pharmacy',
  'Physician',
  'Physiotherapy',
  'RealEstateAgent',
  'RecyclingCenter',
  'SelfStorage',
  'BowlingAlley',
  'ExerciseGym',
  'GolfCourse',
  'PublicSwimmingPool',
  'SkiResort',
  'SportsClub',
  'TennisComplex',
  'TouristInformationCenter',
  'TravelAgency',
];

/** The category nodes between LocalBusiness and the leaves: markup may name them too. */
const SCHEMA_LOCAL_CATEGORIES = [
  'LocalBusiness',
  'AutomotiveBusiness',
  'EmergencyService',
  'EntertainmentBusiness',
  'FinancialService',
  'FoodEstablishment',
  'GovernmentOffice',
  'HealthAndBeautyBusiness',
  'HomeAndConstructionBusiness',
  'LegalService',
  'LodgingBusiness',
  'MedicalBusiness',
  'ProfessionalService',
  'SportsActivityLocation',
  'HVACBusiness',
];

/** A schema.org type (lower-cased, as schemaTypes gives it) that is a local business. */
export const LOCAL_SCHEMA_TYPES: ReadonlySet<string> = new Set(
  [...SCHEMA_LOCAL_LEAVES, ...SCHEMA_LOCAL_CATEGORIES].map((t) => t.toLowerCase()),
);

/**
 * Heads of the leaves' names that are not the trade alone: 'coffee shop' is a cafe but a 'shop' is
 * any shop, a 'golf course' is local but a 'course' is a lesson, a 'house painter' is a trade but a
 * 'painter' is as often an artist's portfolio, 'real estate agent' and 'health club' likewise; and
 * a 'day spa' is a spa but "SPA" is as often a single-page app.
 */
const GENERIC_HEADS = new Set([
  'shop',
  'agency',
  'company',
  'service',
  'center',
  'course',
  'complex',
  'alley',
  'office',
  'station',
  'club',
  'gallery',
  'park',
  'care',
  'union',
  'storage',
  'pool',
  'rental',
  'dealer',
  'agent',
  'painter',
  'spa',
  'shelter',
  'wash',
]);

/**
 * The tradespeople who serve customers in person, as the US Standard Occupational Classification
 * (SOC 2018) names its detailed occupations: personal appearance workers (39-5000), construction
 * trades (47-2000), vehicle and equipment mechanics (49-3000), and the health practitioners a
 * patient visits (29-1000), in the words a business uses for itself, with the venue a barber keeps.
 * schema.org's leaves name the business ('HairSalon', 'AutoRepair'), not always its trade.
 */
const SOC_TRADES = [
  'barber',
  'barbershop',
  'hairdresser',
  'hairstylist',
  'cosmetologist',
  'manicurist',
  'pedicurist',
  'massage therapist',
  'carpenter',
  'roofer',
  'bricklayer',
  'stonemason',
  'tiler',
  'glazier',
  'plasterer',
  'auto mechanic',
  'mechanic',
  'chiropractor',
  'optometrist',
  'podiatrist',
  'veterinarian',
  'physiotherapist',
  'physical therapist',
  'dental clinic',
];

/**
 * The commonest of those trades in a dictionary's translations into the languages of the other
 * lists here (Spanish, French, German, Italian, Portuguese): restaurant, cafe, bakery, hairdresser
 * and barber, beauty salon, dentist, clinic, pharmacy, gym, hotel, car repair workshop, plumber,
 * electrician, vet, physiotherapy and lawyer. Not words with a common second sense: Portuguese's
 * 'palestra' is a talk, German's 'Werkstatt' any workshop (a design studio's too).
 */
const TRADE_TRANSLATIONS = [
  'restaurante',
  'ristorante',
  'trattoria',
  'cafetería',
  'cafeteria',
  'café',
  'caffè',
  'panadería',
  'pastelería',
  'boulangerie',
  'pâtisserie',
  'bäckerei',
  'konditorei',
  'panetteria',
  'panificio',
  'pasticceria',
  'padaria',
  'confeitaria',
  'peluquería',
  'barbería',
  'coiffeur',
  'coiffure',
  'friseur',
  'parrucchiere',
  'barbiere',
  'cabeleireiro',
  'barbearia',
  'salón de belleza',
  'institut de beauté',
  'kosmetikstudio',
  'centro estetico',
  'salão de beleza',
  'dentista',
  'dentiste',
  'zahnarzt',
  'zahnarztpraxis',
  'clínica',
  'clinique',
  'klinik',
  'clinica',
  'farmacia',
  'pharmacie',
  'apotheke',
  'farmácia',
  'gimnasio',
  'salle de sport',
  'fitnessstudio',
  'hôtel',
  'albergo',
  'pousada',
  'hostal',
  'taller mecánico',
  'mecánica',
  'garage automobile',
  'autowerkstatt',
  'officina meccanica',
  'oficina mecânica',
  'fontanero',
  'plomero',
  'plombier',
  'klempner',
  'idraulico',
  'encanador',
  'electricista',
  'électricien',
  'elektriker',
  'elettricista',
  'eletricista',
  'veterinario',
  'vétérinaire',
  'tierarzt',
  'veterinário',
  'fisioterapia',
  'kinésithérapeute',
  'physiotherapie',
  'abogado',
  'avocat',
  'rechtsanwalt',
  'avvocato',
  'advogado',
];

/** The trade words: schema.org's leaves' names and their heads that name the trade alone, SOC's tradespeople, and the translations. */
export const TRADE_PHRASES = [
  ...new Set([
    ...SCHEMA_LOCAL_LEAVES.flatMap(typeNameWords),
    ...SCHEMA_LOCAL_LEAVES.flatMap(tradeHead),
    ...SOC_TRADES,
    ...TRADE_TRANSLATIONS,
  ]),
].filter((w) => w !== 'library');

/**
 * A local trade named in words: the leaves' names ("hair salon", "coffee shop", "dentist"), their
 * heads that name the trade alone ("salon", "gym", "clinic") and the tradespeople ("barber"),
 * singular or plural. Not "library": on the web the word names a software library far more often
 * (a JavaScript or CSS library's documentation calls itself one in its title); Library markup still counts.
 */
export const LOCAL_TRADE_WORDS = wordsPattern(TRADE_PHRASES, { plurals: true });

/**
 * A trade's venue called a shop or store ("Barber Shop", "Coffee Shop", "Repair Shop"): the shop of
 * a service, not of goods, so it is no shop's word (the shop words are read in the text without it).
 */
export const TRADE_SHOP = new RegExp(
  `(?:^|[^\\w])(?:${TRADE_PHRASES.map((p) => phraseSource(p.replace(/\s+shop$/, ''))).join('|')})(?:e?s)?\\s*(?:shop|store)s?(?=$|[^\\w])`,
  'gi',
);

/**
 * The last word of a leaf's name, which is how a business names its trade in a title or menu: an
 * 'ExerciseGym' calls itself a gym, a 'HairSalon' a salon, a 'MedicalClinic' a clinic.
 */
function tradeHead(name: string): string[] {
  return typeNameWords(name).flatMap((phrase) => {
    const head = phrase.split(' ').at(-1)!;
    return head === phrase || GENERIC_HEADS.has(head) ? [] : [head];
  });
}

/** schema.org's Store and its subtypes, and OnlineStore: a shop says so in its markup. */
export const SHOP_SCHEMA_TYPES: ReadonlySet<string> = new Set(
  [
    'Store',
    'OnlineStore',
    'OnlineBusiness',
    'AutoPartsStore',
    'BikeStore',
    'BookStore',
    'ClothingStore',
    'ComputerStore',
    'ConvenienceStore',
    'DepartmentStore',
    'ElectronicsStore',
    'Florist',
    'FurnitureStore',
    'GardenStore',
    'GroceryStore',
    'HardwareStore',
    'HobbyShop',
    'HomeGoodsStore',
    'JewelryStore',
    'LiquorStore',
    'MensClothingStore',
    'MobilePhoneStore',
    'MovieRentalStore',
    'MusicStore',
    'OfficeEquipmentStore',
    'OutletStore',
    'PawnShop',
    'PetStore',
    'ShoeStore',
    'SportingGoodsStore',
    'TireShop',
    'ToyStore',
    'WholesaleStore',
    'ProductGroup',
    'ProductCollection',
  ].map((t) => t.toLowerCase()),
);

/** og:type values (the Open Graph protocol's and Facebook's object types) of a place or business. */
export const LOCAL_OG_TYPE = /^(business\.business|restaurant\.(restaurant|menu)|place)$/i;
/** og:type values of a product (the protocol's product and its item and group). */
export const PRODUCT_OG_TYPE = /^product(\.(item|group))?$/i;

/**
 * A newsroom's sections: the top level of IPTC's Media Topics (the news industry's subject
 * taxonomy), each topic's words as a menu entry names it ("Politics", "Sport", "Science &
 * Technology"). A menu of several of them is a publication's front page or its article's.
 */
export const NEWS_SECTION =
  /^(arts?|culture|entertainment|media|conflicts?|war|crime|law|justice|disasters?|economy|business|finance|education|environment|health|human interest|labou?r|lifestyle|leisure|politics|religion|science|technology|tech|society|sports?|weather|política|politique|politik|politica|economía|économie|wirtschaft|economia|deportes?|esportes?|desporto|cultura|kultur|ciencias?|sciences?|wissenschaft|scienza|ciência|tecnología|technologie|tecnologia|salud|santé|gesundheit|salute|saúde|educación|éducation|bildung|istruzione|educação|medio ambiente|environnement|umwelt|meio ambiente|entretenimiento|divertissement|unterhaltung|intrattenimento|entretenimento|sociedad|société|gesellschaft|società|sociedade|religión|religião|religione|clima|météo|wetter)(\s*(&|and|y|et|und|e|,)\s*(arts?|culture|entertainment|media|justice|finance|technology|leisure|peace|cultura|kultur|tecnología|technologie|tecnologia))*$/i;

/** schema.org's publishing types (CreativeWork: Blog, NewsArticle, Periodical's magazine and journal). */
export const PUBLISHING_WORDS = wordsPattern([
  'blog',
  'news',
  'article',
  'articles',
  'magazine',
  'journal',
  'posts',
  // Spanish, French, German, Italian, Portuguese (not their words for an article, which name a shop's goods too).
  'noticias',
  'revista',
  'periódico',
  'actualités',
  'nachrichten',
  'neuigkeiten',
  'magazin',
  'zeitschrift',
  'beiträge',
  'notizie',
  'rivista',
  'giornale',
  'notícias',
  'jornal',
]);

/**
 * What Shopify's and WooCommerce's default themes call a shop's parts: the shop, its collections,
 * the cart and checkout; "shop" and "store" with a dictionary's translations into the languages of
 * the other lists here. Not "products", which names a software company's menu as often.
 */
const SHOP_NAMES = ['shop', 'store', 'tienda', 'boutique', 'laden', 'negozio', 'loja'];
export const SHOP_WORDS = wordsPattern([...SHOP_NAMES, 'shop all', 'collection', 'collections', 'cart', 'checkout']);

/** A menu entry that is the shop itself (the same names alone). */
export const SHOP_MENU = new RegExp(`^(${SHOP_NAMES.join('|')}|shop all|online store|collections)$`, 'i');

/** The buttons of Shopify's and WooCommerce's product cards other than adding to the cart. */
export const PRODUCT_ACTION = /^(select options|choose options|view product|view products|quick view|quick shop)$/i;

/** A plan's price: per month, year, user or seat ("$29 / mo", "per user", "billed monthly", "29 € / mois"). */
export const PER_PERIOD =
  /\/\s?(mo|month|year|yr|user|seat|mes|mês|mois|monat|mese|año|ano|an|jahr|anno)(?![\w\u00c0-\u024f])|\b(per|a) (month|year|user|seat)\b|\bmonthly\b|\b(por|al|par|pro) (mes|mês|mois|monat|mese)(?![\w\u00c0-\u024f])|\b(mensual|mensuel|monatlich|mensile|mensal)\b/i;

/** WooCommerce's sorting options of a product listing. */
export const PRICE_SORT = /\bsort by price\b|\bprice:?\s*(low|high)\s*(to|-|–)\s*(high|low)\b/i;

/** "Add to cart" in the languages of the shops the scan sees (a dictionary's translations). */
export const ADD_TO_CART = wordsPattern([
  'add to cart',
  'add to bag',
  'add to basket',
  'añadir al carrito',
  'agregar al carrito',
  'ajouter au panier',
  'in den warenkorb',
  'aggiungi al carrello',
  'adicionar ao carrinho',
]);

/**
 * Shopify's policy pages and WooCommerce's account pages: where orders ship, how they come back,
 * tracking them, a wishlist; a link's whole text.
 */
export const SHOP_SERVICE: ReadonlyMap<RegExp, string> = new Map([
  [/^(shipping|shipping policy|delivery|delivery information)$/i, 'shipping'],
  [/^(returns|refunds?|refund policy|return policy|returns (&|and) exchanges)$/i, 'returns'],
  [/^(track (my |your )?order|order tracking|orders|my orders)$/i, 'orders'],
  [/^(wishlist|wish list|my wishlist)$/i, 'wishlist'],
  // The same pages in a dictionary's translations.
  [/^(envíos?|livraison|versand|spedizioni?|entregas?|frete)$/i, 'shipping'],
  [/^(devoluciones|retours|rücksendungen?|resi|devoluções)$/i, 'returns'],
]);

/** A shop's promise to ship for free (a dictionary's translations). */
export const FREE_SHIPPING =
  /\bfree shipping\b|\b(envío|envio) gratis\b|\blivraison (gratuite|offerte)\b|\bkostenlose[rn]? versand\b|\bspedizione gratuita\b|\bfrete gr[áa]tis\b/i;

/** "Donate" and "donation" (a dictionary's translations). */
export const DONATE = wordsPattern([
  'donate',
  'donate now',
  'give now',
  'donar',
  'faire un don',
  'spenden',
  'jetzt spenden',
  'doar',
  'doe agora',
  'dona ora',
  'fai una donazione',
]);

/** A charity's legal status (schema.org's NonprofitType values and their common names), its registration number and its donors' tax relief. */
export const CHARITY_STATUS = wordsPattern([
  'nonprofit',
  'non-profit',
  'not-for-profit',
  'registered charity',
  'charity number',
  'charity no',
  'charity registration',
  '501(c)(3)',
  'charitable',
  'tax-deductible',
  'tax deductible',
  // Spanish, French, German, Italian, Portuguese.
  'sin fines de lucro',
  'sin ánimo de lucro',
  'à but non lucratif',
  'sans but lucratif',
  "reconnue d'utilité publique",
  'gemeinnützig',
  'gemeinnützige',
  'gemeinnütziger',
  'steuerlich absetzbar',
  'senza scopo di lucro',
  'onlus',
  'sem fins lucrativos',
]);

/** A cause's vocabulary: schema.org's NGO, its donors and volunteers (DonateAction, a charity's roles). */
export const CAUSE_WORDS = wordsPattern([
  'charity',
  'charities',
  'foundation',
  'ngo',
  'donation',
  'donations',
  'donors',
  'volunteer',
  'volunteers',
  'fundraising',
  'nonprofit',
  'non-profit',
  // Spanish, French, German, Italian, Portuguese.
  'caridad',
  'fundación',
  'ong',
  'donación',
  'donaciones',
  'donantes',
  'voluntario',
  'voluntarios',
  'voluntariado',
  'recaudación de fondos',
  'organización no gubernamental',
  'fondation',
  'donateurs',
  'bénévole',
  'bénévoles',
  'bénévolat',
  'collecte de fonds',
  'organisation non gouvernementale',
  'wohltätigkeit',
  'stiftung',
  'spende',
  'ehrenamt',
  'ehrenamtlich',
  'ehrenamtliche',
  'freiwillige',
  'nichtregierungsorganisation',
  'beneficenza',
  'fondazione',
  'donazione',
  'donazioni',
  'donatori',
  'volontario',
  'volontari',
  'volontariato',
  'raccolta fondi',
  'organizzazione non governativa',
  'caridade',
  'fundação',
  'doação',
  'doações',
  'doadores',
  'voluntário',
  'voluntários',
  'arrecadação',
  'organização não governamental',
]);

/**
 * A manual's chapters: the sections of the standard-readme specification (Install, Usage, API,
 * Contributing) and the four kinds of the Diátaxis documentation framework.
 */
export const DOCS_CHAPTER =
  /^(?:\d+(?:\.\d+)*\.?\s+)?(install|installation|usage|api|api reference|contributing|getting started|quick ?start|configuration|tutorials?|how-to guides?|reference|explanation|instalación|primeros pasos|inicio rápido|configuración|tutoriales|referencia|utilisation|démarrage rapide|premiers pas|tutoriels?|référence|contribuer|verwendung|erste schritte|schnellstart|konfiguration|referenz|installazione|utilizzo|per iniziare|guida rapida|configurazione|tutorial|riferimento|instalação|primeiros passos|início rápido|configuração|tutoriais|referência|contribuindo)$/i;

/** The sales steps of a business that sells to businesses: trials, demos, quotes, sales calls. */
export const SALES_CTA = wordsPattern([
  'free trial',
  'start trial',
  'start free trial',
  'book a demo',
  'request a demo',
  'get a demo',
  'contact sales',
  'talk to sales',
  'get a quote',
  'request a quote',
  // Spanish, French, German, Italian, Portuguese.
  'prueba gratis',
  'prueba gratuita',
  'solicitar una demo',
  'solicita una demo',
  'contactar con ventas',
  'solicitar presupuesto',
  'essai gratuit',
  'demander une démo',
  'contacter les ventes',
  'demander un devis',
  'kostenlos testen',
  'demo anfordern',
  'demo vereinbaren',
  'vertrieb kontaktieren',
  'angebot anfordern',
  'prova gratuita',
  'richiedi una demo',
  'contatta le vendite',
  'richiedi un preventivo',
  'teste grátis',
  'teste gratuito',
  'solicitar demonstração',
  'fale com vendas',
  'solicitar orçamento',
]);

/** What "B2B" means in a dictionary: selling software, services and solutions to businesses and enterprises. */
export const B2B_WORDS = wordsPattern([
  'b2b',
  'saas',
  'enterprise',
  'businesses',
  'software',
  'solutions',
  'consulting',
  'agency',
  // Spanish, French, German, Italian, Portuguese ('conseil', 'Beratung' and 'consulenza' are advice of any kind).
  'empresas',
  'soluciones',
  'consultoría',
  'agencia',
  'entreprises',
  'logiciel',
  'logiciels',
  'agence',
  'unternehmen',
  'lösungen',
  'agentur',
  'aziende',
  'imprese',
  'soluzioni',
  'agenzia',
  'soluções',
  'consultoria',
  'agência',
]);

/** One person speaking of their own work (a résumé, a portfolio). */
export const PERSONAL = wordsPattern([
  "i'm",
  'i am',
  'my name is',
  'hire me',
  'my work',
  'my portfolio',
  'resume',
  'curriculum vitae',
  // Spanish, French, German, Italian, Portuguese (not Italian's 'sono', "they are" too, nor Spanish's 'soy', an English food).
  'me llamo',
  'mi nombre es',
  'mi portafolio',
  'je suis',
  "je m'appelle",
  'mon portfolio',
  'ich bin',
  'ich heiße',
  'mein name ist',
  'lebenslauf',
  'io sono',
  'mi chiamo',
  'il mio portfolio',
  'eu sou',
  'sou',
  'meu nome é',
  'me chamo',
  'meu portfólio',
  'currículo',
]);

/**
 * A résumé's sections: the JSON Resume schema's (jsonresume.org: work, volunteer, education, awards,
 * certificates, publications, skills, languages, interests, references, projects) as headings name
 * them, and their translations. Three of them as headings are one person's record, whatever else the page says.
 */
export const RESUME_SECTION =
  /^(work|work experience|experience|professional experience|employment|volunteer(ing)?|education|awards|certificates|certifications|publications|skills|languages|interests|references|projects|experiencia|experiencia laboral|educación|formación|habilidades|idiomas|proyectos|certificaciones|publicaciones|expériences?|expérience professionnelle|formation|compétences|langues|projets|berufserfahrung|erfahrung|ausbildung|kenntnisse|fähigkeiten|sprachen|projekte|zertifikate|publikationen|esperienzas?|esperienza lavorativa|istruzione|formazione|competenze|lingue|progetti|pubblicazioni|certificazioni|experiência|experiência profissional|educação|formação|competências|projetos|publicações|certificações)$/i;
