/**
 * Word lists the audit matches against text it has already located through the page's structure
 * (a button's label, a heading, a form field's label). Every pattern matches whole words, so
 * 'ssl' is not found inside 'hassle' nor 'try' inside 'country'.
 */

/**
 * A word's letter and a word's end in the languages the audit reads, as regular expressions'
 * sources: JavaScript's \w is ASCII only and its \b (without the u flag) ends a word at its first
 * accented letter, so "fundação" would end at "fundaç".
 */
export const WORD_LETTER = '[\\w\\u00c0-\\u024f]';
export const WORD_END = `(?!${WORD_LETTER})`;

/** A case-insensitive pattern matching any of the phrases as whole words. */
/** A phrase as a regular expression's source: its characters literal, each space any run of spaces. */
export function phraseSource(phrase: string): string {
  return phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
}

export function wordsPattern(phrases: readonly string[], options: { plurals?: boolean } = {}): RegExp {
  const alternatives = phrases.map(phraseSource);
  // A plural names the same thing ("our clinics", "hotels"): -s or -es on the phrase's last word.
  const plural = options.plurals ? '(?:e?s)?' : '';
  return new RegExp(`(?:^|[^\\w])(?:${alternatives.join('|')})${plural}(?=$|[^\\w])`, 'i');
}

/** Verbs and phrases that ask the visitor to act: what makes a link or button a call to action. */
export const CTA_WORDS = wordsPattern([
  'buy',
  'buy now',
  'shop',
  'shop now',
  'order',
  'add to cart',
  'add to bag',
  'add to basket',
  'get started',
  'start',
  'start free',
  'start trial',
  'try',
  'try free',
  'sign up',
  'signup',
  'join',
  'subscribe',
  'register',
  'enroll',
  'book',
  'schedule',
  'reserve',
  'request',
  'get a quote',
  'get quote',
  'get a demo',
  'get demo',
  'get access',
  'get the',
  'get my',
  'get your',
  'choose',
  'choose plan',
  'select plan',
  'upgrade',
  'contact us',
  'contact sales',
  'talk to sales',
  'talk to us',
  'call us',
  'call now',
  'download',
  'claim',
  'checkout',
  'check out',
  'apply',
  'get in touch',
  'donate',
  'give',
  'volunteer',
  'submit',
  'send',
  'send message',
  'create account',
  'create an account',
  'install',
  'hire us',
]);

/** Labels that say nothing about what the visitor gets. */
export const VAGUE_LABEL = /^(submit|send|click here|here|go|learn more|read more|more|continue|ok|next|click)$/i;

/** Controls that operate the page rather than ask to convert. */
export const UTILITY_LABEL =
  /^(search|menu|close|open menu|toggle navigation|×|x|previous|prev|next|skip to content|back to top|log ?in|sign ?in|my account|account|cart|language|en|de|fr)$/i;

/** Risk reversal and security statements. */
export const GUARANTEE_WORDS = wordsPattern([
  'guarantee',
  'guaranteed',
  'money-back',
  'money back',
  'risk-free',
  'risk free',
  'secure checkout',
  'secure payment',
  'secure payments',
  'ssl',
  'free returns',
  'cancel anytime',
  'cancel any time',
  'no credit card',
  'gdpr',
  'soc 2',
  'soc2',
  'iso 27001',
  'hipaa',
  'certified',
  'pci',
]);

/** Returns or refunds promised for a period: 'free 30-day returns', '60-day money-back'. */
export const RETURNS_PROMISE = /\b(free\s+)?\d+[- ]day\s+(free\s+)?(returns?|money[- ]back|refunds?)\b|\bfree returns\b/i;

/** Offers that let a visitor start without paying. */
export const FREE_ENTRY_WORDS = wordsPattern([
  'free trial',
  'free plan',
  'free forever',
  'free tier',
  'try it free',
  'try for free',
  'try free',
  'start for free',
  'get started free',
  'start free',
  'no credit card',
  'free consultation',
  'free quote',
  'free estimate',
  'free audit',
  'book a demo',
  'request a demo',
  'get a demo',
  'schedule a demo',
]);

/** Filler that templates ship with, in the languages their generators use. */
export const FILLER_TEXT = wordsPattern([
  'lorem ipsum',
  'dolor sit amet',
  'consectetur adipiscing',
  'sed do eiusmod',
  // The rest of Cicero's passage that filler generators draw on (de Finibus 1.32-33).
  'ut enim ad minim veniam',
  'duis aute irure dolor',
  'excepteur sint occaecat',
  'sed ut perspiciatis',
  'unde omnis iste natus',
  'nemo enim ipsam voluptatem',
  'neque porro quisquam',
  'quis autem vel eum',
  'at vero eos et accusamus',
  'nam libero tempore',
  'temporibus autem quibusdam',
  'molestiae non recusandae',
  // The English passage of the same generators ("Far far away, behind the word mountains…").
  'behind the word mountains',
  'there live the blind texts',
  'a small river named duden',
  'even the all-powerful pointing',
  'your headline here',
  'your text here',
  'add your text here',
  'insert text here',
  'sample text',
  // Not 'placeholder text' alone: prose names it (a credit, a documented option); these are filler.
  'this is placeholder text',
  'placeholder text goes here',
  'this is a sample',
  'write something about yourself',
  'tell your story here',
  'hier steht ein text',
  'hier steht ihr text',
  'texte ici',
  'votre texte ici',
  'texto de ejemplo',
  'su texto aquí',
]);

/**
 * A blank in square brackets that a template leaves to fill in: "[your name]", "[your inspiring
 * bio]", "[Nazwa Salonu]", "[NÚMERO DE RESOLUCIÓN]": a possessive, or a name, number, address,
 * email, phone or city word with up to three words around it, in the languages the scan sees (and
 * Polish "nazwa", a name). A citation ("[1]"), a tag ("[VIDEO]"), a checkbox ("[x]"), an index in
 * a code name ("router[name]") or a host's hidden address ("[email protected]") is no blank.
 */
export const FILL_IN_BLANK =
  /(?<![\w:.])\[(?!\s*email\s+protected\s*\])\s*(?:(?:your|tu|tus|su|sus|votre|vos|ihr|ihre|seu|sua|tuo|tua)\s+[^[\]\d]{1,40}|(?:[^[\]\s\d]+\s+){0,3}(?:name|nombre|nom|nome|nazwa|n[uú]mero|number|numéro|nummer|address|direcci[oó]n|adresse|indirizzo|endereço|e-?mail|phone|tel[eé]fono|telefone|téléphone|telefon|city|ciudad|ville|stadt|città|cidade)(?:\s+[^[\]\s\d]+){0,3})\s*\]/i;

/** A heading that is a template's blank to fill in ("Your Name"), never a real headline. */
export const FILL_IN_HEADING = /^(your name|your name here|your title here|your headline|company name|your company|your company name)$/i;

/**
 * The names a template gives its person or company until someone fills in theirs: English's John and
 * Jane Doe, German's Max and Erika Mustermann, French's Jean Dupont, Italian's Mario Rossi, Spanish's
 * Fulano de Tal and Juan Pérez, Portuguese's Fulano de Tal, and a blank in brackets ("[your name]").
 */
export const PLACEHOLDER_NAME =
  /^(\[\s*)?(john doe|jane doe|max mustermann|erika mustermann|jean dupont|mario rossi|fulano de tal|juan p[eé]rez|your name|your name here|company name|your company( name)?)(\s*\])?$/i;

/** A description that still tells its author what to write: "Add small description of yourself". */
export const FILL_IN_DESCRIPTION = /^(add|enter|insert|write|put|type)\s+(an?\s+|your\s+|the\s+)?([\w-]+\s+){0,2}description\b/i;

/** Titles and descriptions that site builders and starter templates fill in. */
export const DEFAULT_TITLE =
  /^(home|homepage|untitled( document)?|document|new page|my site|my website|site title|your site title|website|index|welcome|react app|vite app|vite \+ react|vue app|next\.js|create next app|my store|my shop|my wordpress blog|my blog|just another wordpress site|sample page|page title|title)$/i;
export const DEFAULT_DESCRIPTION =
  /just another wordpress site|generated by create next app|web site created using create-react-app|^(description|my description|site description|page description|my site|my website)$/i;

/**
 * A starter template's own name for itself left in a title or description: "Agency - Start
 * Bootstrap Theme", "Medic | Medical HTML Template", "This is meta description", or a short part
 * that ends by calling itself a template or theme ("Box - Personal Portfolio Template"), or the
 * template maker's credit ("Spectral by HTML5 UP"), a kit or template credited to its maker ("Paper
 * Kit by Creative Tim", "an AI agents template by PrebuiltUI"), or one that says it is one, in English
 * or the languages of the templates met ("uniwersalny szablon strony", "plantilla").
 */
export const TEMPLATE_DEFAULT =
  /\b(start bootstrap|html5?|css3?|bootstrap\s?\d?|bulma|tailwind|wordpress|jekyll|hugo|gatsby|astro|website|web|landing(\s+page)?|one[-\s]page|multipurpose|multi-purpose|responsive|parallax|starter|admin|ui|free|premium|corporate|creative)\s+(template|theme)s?\b|^this is (a |the )?meta description$|\ban? \w+ ui template\b|^(\S+\s+){1,4}(template|theme)s?$|\bby (html5 ?up|colorlib|themefisher|templatemo|bootstrapmade|start ?bootstrap|themewagon|w3layouts|uicookies)$|\b(kit|template|theme) by \S|\bis an? (\S+\s+){0,5}(template|ui kit|theme(?=\s+(by|for|built|made)\b|[.,;!]|$))\b|\b(szablon|plantilla|vorlage)\b|\b(agency|business|portfolio|blog|shop|store|saas|startup|website|site|corporate|company|landing)\s+starter\b/i;

/**
 * A template's numbered demo variant as a title part: "Homepage-01", "Shop-01", "Home 2", "index-3",
 * "Blog v2". A visitor's page is not numbered among its siblings.
 */
export const NUMBERED_VARIANT =
  /^(home|homepage|index|landing|shop|store|blog|about|contact|portfolio|product|demo|layout|page|version|style)[\s_-]*(v|no\.?\s?)?0?\d{1,2}$/i;

/**
 * A title that names only the kind of page a template demonstrates, no site or business: each
 * part is one of these ("Personal Portfolio", "Personal Portfolio - Project Showcase", "News
 * Blog"). "Portfolio | Ada Lovelace" names Ada; a page named like a menu entry ("Contact Us") is
 * a plain title that lacks the brand, not a template's.
 */
export const PAGE_KIND_TITLE =
  /^((my|personal|creative|simple|modern|minimal|responsive|professional)\s+)?(blog|news|news blog|article|blog post|portfolio|projects?|project showcase|pricing table|product details|company profile|profile|resume|cv|landing page)$/i;

/**
 * A title part that names the page by its template's kind: "Food Delivery Landing Page", "Landing".
 * A visitor's page is named for what it offers, never "a landing page"; a part that speaks to the
 * reader ("Create your landing page") is a real title, and so is a place ("Ferry Landing").
 */
export const LANDING_PAGE_TITLE =
  /^(?!.*\b(a|an|the|your|our|my|create|build|make|design|free|best|how)\b)(([\w&'’.-]+\s+){0,3}landing\s+page|landing)$/i;

/**
 * A description that opens by calling the page a template: "A front-end template that helps you
 * build…", "A classic corporate landing page: hero, trust, features…", "A timeless, professional
 * agency starter with hero, services…". A few describing words, then the kind, then what it has.
 */
export const DESCRIBED_AS_TEMPLATE =
  /^an?\s+([\w-]+,?\s+){0,4}(template|theme|landing page|(agency|business|portfolio|blog|shop|store|saas|startup|website|site|corporate|company)\s+starter)(?=\s+(with|that|for|built|made|featuring|including)\b|\s*[.,;:!]|$)/i;

/** A buy button's whole text, in the languages the scan meets most: a grid of them is a shop's listing. */
export const BUY_BUTTON = /^(buy|buy now|shop now|order now|comprar|comprar ahora|acheter|kaufen|jetzt kaufen|acquista|compra)$/i;

/** Social networks: a link to one of them is a social profile link, never a call to action. */
export const SOCIAL_HOST =
  /facebook\.com|instagram\.com|twitter\.com|\/\/(www\.)?x\.com|linkedin\.com|youtube\.com|tiktok\.com|pinterest\.|mastodon|bsky\.app|github\.com|dribbble\.com|behance\.net|threads\.net|flickr\.com|vimeo\.com/i;
/** Icon classes of the same networks (Font Awesome, Bootstrap Icons, Themify, IcoFont, Ionicons). */
export const SOCIAL_ICON =
  /(?:^|[-_\s])(facebook|instagram|twitter|linkedin|youtube|tiktok|pinterest|github|dribbble|behance|mastodon|threads|flickr|vimeo|whatsapp)(?:[-_\s]|$)/i;

/** An icon, class or id that draws the cart (Font Awesome's fa-cart-shopping, a "cart" or "basket" class). */
export const CART_ICON = /(?:^|[-_\s])(cart|basket|shopping-cart|cart-shopping|minicart|mini-cart)(?:[-_\s]|$)/i;
/** ...and one that draws adding to it (fa-cart-plus, an "add-to-cart" class). */
export const ADD_TO_CART_ICON = /(?:^|[-_\s])(add-to-cart|add_to_cart|addtocart|cart-plus|cart-add|add-cart)(?:[-_\s]|$)/i;

/**
 * Alt text that describes nothing: dots, a generic word ("image", "course thumb", "Card image
 * cap"), an image's size ("Image 1355x900px", "600x400"), a file name, or a slug such as "bg-shape" or "service-icon" (a class name, not a description).
 */
export const PLACEHOLDER_ALT =
  /^(\.+|…|-|_|alt|alt text|untitled|hero|dsc_?\d+|img_?\d+|[\w-]+\.(jpe?g|png|gif|webp|svg|avif)|[a-z0-9]+([-_][a-z0-9]+)+|((card|post|course|event|feature|features|service|banner|product|blog|about|team|item|slide|news)\s+)*(image|images|img|photo|photos|picture|pic|graphic|placeholder|thumb|thumbnail|icon|banner)(\s+(cap|\d+|name|here|\d+\s?[x×]\s?\d+(px)?))?|\d+\s?[x×]\s?\d+(px)?)$/i;

/** Words that make a link a way to reach the business: mail, phone, text, a chat app's link to a person, a contact page. */
export const CONTACT_HREF =
  /^(mailto:|tel:|sms:|https?:\/\/(www\.)?(wa\.me|api\.whatsapp\.com|m\.me|t\.me)\/)|(^|\/)(contact|contacto|contato|contatti|kontakt)\b|\/support|\/help/i;
/** A contact link's own words, in the languages the scan meets most. */
export const CONTACT_TEXT =
  /^(contact|contacts|contact us|contact me|contact info|contact information|get in touch|write to us|talk with us|talk to us|reach us|say hello|let['’]s talk|kontakt|contacto|contáctanos|contactanos|contactez-nous|contato|fale conosco|contatti|contattaci|find us|visit us|where to find us|how to find us|directions|get directions|dojazd|anfahrt)$/i;
