import { namedPlaces } from '../class-names';
import { attr } from '../page';
import { linksMatching, PHONE, type Signals } from '../signals';
import { CONTACT_HREF, CONTACT_TEXT, GUARANTEE_WORDS, RETURNS_PROMISE } from '../words';
import { defineChecks } from './define';

const ABOUT_HEADING =
  /\b(about( us)?|our (story|team|mission|people|history|values|company|founders?)|meet (the|our) (team|founders?|staff|doctors|people)|the team|who we are|team)\b/i;
/**
 * The same headings in the languages the about links are read in ("Qui sommes-nous", "Notre
 * histoire", "Quem somos", "Unser Team"); their accented letters need letter lookarounds, not \b.
 */
const ABOUT_HEADING_TRANSLATED =
  /(?<!\p{L})(über uns|sobre (nosotros|nós|nos)|qui[ée]nes somos|quem somos|qui sommes-nous|à propos|chi siamo|over ons|(nuestra|nossa|notre|unsere|la nostra) (historia|história|histoire|geschichte|storia)|(nuestro|nosso|notre|unser|il nostro) (equipo|time|équipe|team))(?!\p{L})/iu;
/** An about link by its address ('/about', a relative 'about.html') or by its words, in the languages the scan meets most. */
const ABOUT_HREF = /(^|\/)(about|teams?|company|our-story|who-we-are|impressum|imprint)([-_./?#]|$)/i;
const ABOUT_TEXT =
  /^(about\b.{0,30}|team|our story|our team|company|who we are|über uns|ueber uns|über mich|sobre (nosotros|nós|nos|mí|mim)|quiénes somos|quienes somos|quem somos|nosotros|qui sommes-nous|qui suis-je|à propos|a propos|chi siamo|chi sono|over ons|over mij|o nas|o mnie|o nás|o nama|om oss|om os|om mig|despre noi|rólunk|hakkımızda|meistä|impressum|imprint)$/i;
const PRIVACY =
  /privacy|privac(idad|idade)|datenschutz|confidentialit|data protection|protection des données|protección de datos|\b(gdpr|rgpd|dsgvo|rodo)\b|prywatno|riservatezza|integritetspolicy|personuppgift/i;

/** A phone number after its label ("Phone: 012 345 678 9", "Tel. 0521 / 88 44 10"), in any national format. */
const LABELLED_PHONE =
  /\b(phone|telephone|tel|call us|call|mobile|hotline|whatsapp)(\s+(number|no))?\.?\s*:?\s*(\+?[\d(][\d\s()./-]{5,}\d)/gi;

function labelledPhone(text: string): boolean {
  return [...text.matchAll(LABELLED_PHONE)].some((m) => m[4]!.replace(/\D/g, '').length >= 7);
}

const CONTACT_PLACE = ['contact', 'contacts'];

/** A link's words without the arrows, bullets or punctuation a template decorates them with. */
const bare = (text: string): string => text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');

/** A form that sends the business a message (email and message fields), not a blog's comment form (which asks for a website). */
function contactForm(signals: Signals): boolean {
  return signals.forms.some(
    (f) =>
      f.fields.some(
        (x) => x.type === 'textarea' && /message|enquiry|inquiry|question|help|thoughts/i.test(`${x.name} ${x.label} ${x.placeholder}`),
      ) &&
      f.fields.some((x) => x.type === 'email' || /e-?mail/i.test(`${x.name} ${x.label} ${x.placeholder}`)) &&
      !f.fields.some((x) => x.type === 'url' || /website|comment/i.test(`${x.name} ${x.label} ${x.placeholder}`)),
  );
}

export const trustChecks = defineChecks({
  'trust-no-https': ({ page }) =>
    /^http:/i.test(page.url) ? { evidence: { element: page.url.split('/').slice(0, 3).join('/'), missing: 'HTTPS' } } : null,

  'trust-mixed-content': ({ page }) => {
    if (!/^https:/i.test(page.url)) return null;
    const insecure = page.elements.filter((el) =>
      /^(img|script|iframe|source)$/.test(el.tag)
        ? /^http:/i.test(attr(el, 'src'))
        : el.tag === 'link' && /stylesheet/i.test(attr(el, 'rel')) && /^http:/i.test(attr(el, 'href')),
    );
    const first = insecure[0];
    return first
      ? {
          evidence: {
            element: `<${first.tag}>`,
            count: insecure.length,
            sample: (attr(first, 'src') || attr(first, 'href')).slice(0, 100),
          },
        }
      : null;
  },

  'trust-no-contact': ({ signals, page }) => {
    const found =
      // A placeholder link (href="#") is there but broken: cta-dead-links reports it, not this check.
      linksMatching(signals, CONTACT_HREF).length > 0 ||
      signals.links.some((a) => CONTACT_TEXT.test(bare(a.text))) ||
      signals.structure.ids.some((id) => /^contact(-us|-me)?$/i.test(id)) ||
      signals.phoneInText ||
      labelledPhone(page.text) ||
      // The page's text runs adjacent elements together ("4567Visit us"): each short element alone too.
      page.elements.some((e) => e.words <= 30 && (PHONE.test(e.text) || labelledPhone(e.text))) ||
      /[\w.+-]+@[\w-]+\.[\w.]+/.test(page.text) ||
      // A postal address marked up as the page's contact details (<address>): where to find them.
      page.elements.some((e) => e.tag === 'address' && e.words >= 3) ||
      contactForm(signals) ||
      // A contact section or block with text in it, however its details are written.
      namedPlaces(page, CONTACT_PLACE, 3).length > 0;
    return found ? null : { evidence: { missing: 'phone, email or contact link' } };
  },

  'trust-no-guarantee': ({ page }) => {
    if (GUARANTEE_WORDS.test(page.text) || RETURNS_PROMISE.test(page.text)) return null;
    return { evidence: { missing: 'guarantee, security or risk-reversal statement' } };
  },

  'trust-no-privacy': ({ signals }) =>
    linksMatching(signals, PRIVACY).length ? null : { evidence: { missing: 'link to a privacy policy' } },

  'trust-no-about': ({ signals }) =>
    signals.links.some((a) => ABOUT_HREF.test(attr(a, 'href')) || ABOUT_TEXT.test(bare(a.text))) ||
    signals.headings.some((h) => ABOUT_HEADING.test(h) || ABOUT_HEADING_TRANSLATED.test(h)) ||
    signals.structure.ids.some((id) => /^(about|team|our-team|about-us)$/i.test(id))
      ? null
      : { evidence: { missing: "'About' page or section" } },
});
