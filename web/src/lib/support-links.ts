import type { PublicSettings } from '@stakedesk/shared/api-types';

/** `value`: the contact as the operator wrote it (an address, a number, a handle). */
export type SupportLink = { kind: 'email' | 'whatsapp' | 'telegram'; href: string; value: string };

const whatsappLink = (value: string) => `https://wa.me/${value.replace(/[^\d]/g, '')}`;
const telegramLink = (value: string) =>
  /^https:\/\//i.test(value) ? value : `https://t.me/${encodeURIComponent(value.replace(/^@/, ''))}`;

/** The operator's support contacts as links, only those configured (the footer and the reserves banner show them). */
export function supportLinks(settings: Pick<PublicSettings, 'supportEmail' | 'supportWhatsapp' | 'supportTelegram'>): SupportLink[] {
  const links: SupportLink[] = [];
  if (settings.supportEmail) links.push({ kind: 'email', href: `mailto:${settings.supportEmail}`, value: settings.supportEmail });
  if (settings.supportWhatsapp)
    links.push({ kind: 'whatsapp', href: whatsappLink(settings.supportWhatsapp), value: settings.supportWhatsapp });
  if (settings.supportTelegram)
    links.push({ kind: 'telegram', href: telegramLink(settings.supportTelegram), value: settings.supportTelegram });
  return links;
}
