import type { ContactSocialKey, ContactSocials } from '@punchline/domain';
import { CONTACT_SOCIAL_KEYS } from '@punchline/domain';

export const SOCIAL_LABELS: Record<ContactSocialKey, string> = {
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  facebook: 'Facebook',
};

const PROFILE_URL: Record<ContactSocialKey, (handle: string) => string> = {
  instagram: (h) => `https://www.instagram.com/${h}`,
  twitter: (h) => `https://x.com/${h}`,
  youtube: (h) => `https://www.youtube.com/@${h}`,
  tiktok: (h) => `https://www.tiktok.com/@${h}`,
  facebook: (h) => `https://www.facebook.com/${h}`,
};

/** A social value as a link: '@handle' becomes the platform's profile URL; links stay as they are. */
export function socialHref(key: ContactSocialKey, value: string): string {
  const handle = /^@([A-Za-z0-9._-]{1,100})$/.exec(value.trim());
  return handle ? PROFILE_URL[key](handle[1]) : value.trim();
}

/** The contact socials that are set, in a fixed order. */
export function contactSocialLinks(socials: ContactSocials): { key: ContactSocialKey; label: string; url: string }[] {
  return CONTACT_SOCIAL_KEYS.filter((key) => (socials[key] ?? '').trim() !== '').map((key) => ({
    key,
    label: SOCIAL_LABELS[key],
    url: socialHref(key, socials[key]!),
  }));
}

/** 'tel:' href for a phone number as typed ('+1 (555) 010-2030' → 'tel:+15550102030'). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** 'mailto:' href for the contact email, whether or not it was typed with the scheme. */
export function mailtoHref(email: string): string {
  return `mailto:${email.trim().replace(/^mailto:/i, '')}`;
}
