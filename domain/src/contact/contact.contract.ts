/**
 * GET /api/admin/contact-responses (SPEC §3 "Contact response", §7, §9), the HTTP shape shared by
 * the server and the inbox screen: one declaration, so the limits and fields cannot drift apart.
 */
import type { DeliveryStatus } from './contact-response.events';

/** SPEC §9: the row limits offered by the screen; the list defaults to 50. */
export const CONTACT_LIST_LIMIT_OPTIONS = [25, 50, 100, 200, 500] as const;
export const CONTACT_LIST_DEFAULT_LIMIT = 50;
/** The server takes any whole number up to the largest option (the sidebar badge asks for 1). */
export const CONTACT_LIST_MAX_LIMIT = 500;
/** Free-text search is a filter, not a document. */
export const CONTACT_SEARCH_MAX_LENGTH = 200;

export const CONTACT_SORTS = ['newest', 'oldest'] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];

/** SPEC §3 "Contact response" as GET /api/admin/contact-responses answers it (server and inbox screen). */
export interface ContactResponseItem {
  id: string;
  name: string;
  email: string;
  message: string;
  created_at: string;
  responded: boolean;
  responded_at: string | null;
  responded_by: string | null;
  notes: string;
  delivery_status: DeliveryStatus;
  delivery_error: string | null;
  /** When the sender's personal data was erased (DESIGN §16); name, email, message and notes are then empty. */
  erased_at: string | null;
}

export interface ContactResponsesAnswer {
  items: ContactResponseItem[];
  /** How many match the filters in all (the sidebar badge reads it with responded=false&limit=1). */
  total: number;
  /**
   * Present when `q` has no three letters or digits in a row: such a search cannot use the index, so
   * it looked through only this many of the newest messages (issue 15), and the screen says so.
   */
  searched_newest?: number;
}
