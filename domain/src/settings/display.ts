/** Small pure helpers shared by the public pages and the editor. */
import { isExternalHttpLink } from './link';
import type { ContactCard, EventItem, LinkItem, MerchItem, SettingsRecord, TeamMember } from './settings-record';
import { HOME_UPCOMING_EVENTS_LIMIT } from './settings-record';

/** Home shows the first 3 upcoming events (SPEC §2, §9). */
export function homeUpcomingEvents(settings: Pick<SettingsRecord, 'events_upcoming'>): EventItem[] {
  return settings.events_upcoming.slice(0, HOME_UPCOMING_EVENTS_LIMIT);
}

/** An event shows Get Tickets only when its link starts with http. */
export function hasTicketLink(event: Pick<EventItem, 'link'>): boolean {
  return isExternalHttpLink(event.link);
}

/**
 * Price is free text shown with a $ prefix: an amount ('25', '12.50') gets it; words ('Free', 'Pay
 * what you can'), another currency ('€12') and a price that already has its $ are shown as written.
 */
export function formatMerchPrice(price: string): string {
  const trimmed = price.trim();
  return /^\d/.test(trimmed) ? `$${trimmed}` : trimmed;
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** '0 B', '512 B', '1.5 KB', '12 MB'; 1024-based, units up to TB. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? String(Math.round(value)) : String(Math.round(value * 10) / 10);
  return `${shown} ${BYTE_UNITS[unit]}`;
}

/** Thumbnails show sizes in whole KB. */
export function formatKilobytes(bytes: number): string {
  return `${Math.round((Number.isFinite(bytes) ? Math.max(0, bytes) : 0) / 1024)} KB`;
}

export const NEW_CONTACT_CARD_TITLE = 'New inquiry';
export const NEW_CONTACT_CARD_DESCRIPTION = 'Tell us what you have in mind and we will get back to you.';
export const NEW_CONTACT_CARD_LINK_LABEL = 'Contact';

/** A new contact card (SPEC §3): its mailto link uses the contact email when one is set. */
export function newContactCard(contactEmail = ''): ContactCard {
  const email = contactEmail.trim().replace(/^mailto:/i, '');
  return {
    title: NEW_CONTACT_CARD_TITLE,
    description: NEW_CONTACT_CARD_DESCRIPTION,
    link_label: NEW_CONTACT_CARD_LINK_LABEL,
    link_url: `mailto:${email}`,
  };
}

export function blankEvent(): EventItem {
  return { title: '', date: '', venue: '', link: '' };
}

export function blankTeamMember(): TeamMember {
  return { name: '', title: '', bio: '', photo_url: '', socials: [] };
}

export function blankMerchItem(): MerchItem {
  return { title: '', price: '', description: '', image_url: '', buy_url: '' };
}

export function blankLink(): LinkItem {
  return { label: '', url: '' };
}
