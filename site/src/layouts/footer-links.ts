import type { Lang, MessageKey } from '@site/i18n/i18n';

/**
 * The institution's own pages the footer links to (spec §2), each with its French variant.
 * They live on the insurer's corporate site, not in this portal; `.example` is a reserved
 * domain that the institution's real addresses replace at deployment.
 */
const CORPORATE_SITE = 'https://www.insurer.example';

export interface FooterLink {
  readonly label: MessageKey;
  readonly href: string;
}

const INSTITUTION_PAGES: readonly { label: MessageKey; en: string; fr: string }[] = [
  { label: 'footer.links.accessibility', en: 'accessibility', fr: 'accessibilite' },
  { label: 'footer.links.complaints', en: 'complaints', fr: 'plaintes' },
  { label: 'footer.links.legal', en: 'legal', fr: 'juridique' },
  { label: 'footer.links.privacyCode', en: 'privacy-code', fr: 'code-de-confidentialite' },
  {
    label: 'footer.links.onlinePrivacy',
    en: 'online-privacy',
    fr: 'confidentialite-en-ligne',
  },
  {
    label: 'footer.links.disclosures',
    en: 'important-disclosures',
    fr: 'renseignements-importants',
  },
  {
    label: 'footer.links.certificates',
    en: 'summaries-and-certificates',
    fr: 'sommaires-et-certificats',
  },
];

export function institutionLinks(lang: Lang): readonly FooterLink[] {
  return INSTITUTION_PAGES.map((page) => ({
    label: page.label,
    // The institution's pages exist in English and French; a Chinese reader gets the English one.
    href: lang === 'fr' ? `${CORPORATE_SITE}/fr/${page.fr}` : `${CORPORATE_SITE}/en/${page.en}`,
  }));
}

export const SOCIAL_LINKS: readonly FooterLink[] = [
  { label: 'footer.social.linkedin', href: `${CORPORATE_SITE}/social/linkedin` },
  { label: 'footer.social.facebook', href: `${CORPORATE_SITE}/social/facebook` },
  { label: 'footer.social.youtube', href: `${CORPORATE_SITE}/social/youtube` },
];
