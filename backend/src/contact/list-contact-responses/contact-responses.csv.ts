import { stringify } from 'csv-stringify/sync';
import type { ContactResponseItem } from '../contact-responses.read';

/**
 * The export's columns, in order: every field of SPEC §3 "Contact response", then when the sender's
 * personal data was erased (DESIGN §16): a row whose name, email and message are empty says why.
 */
export const CONTACT_CSV_COLUMNS: readonly (keyof ContactResponseItem)[] = [
  'id',
  'created_at',
  'name',
  'email',
  'message',
  'responded',
  'responded_at',
  'responded_by',
  'notes',
  'delivery_status',
  'delivery_error',
  'erased_at',
];

/**
 * Spreadsheets run a cell that starts with = + - @ (and tab or carriage return, which some strip
 * first) as a formula: a visitor could write one into the form. A leading apostrophe makes it text.
 */
export function guardSpreadsheetCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cell(value: ContactResponseItem[keyof ContactResponseItem]): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return guardSpreadsheetCell(value);
}

const CSV_OPTIONS = { record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const;

/** RFC 4180 CSV (CRLF; a field with any line break is quoted, since a lone LF is not a record end here), with a UTF-8 byte order mark so spreadsheet programs read accents right. */
export function contactResponsesCsv(items: readonly ContactResponseItem[]): string {
  return contactCsvHead() + contactCsvRecords(items);
}

/** The start of the file: byte order mark and the header record. */
export function contactCsvHead(): string {
  return `\uFEFF${stringify([[...CONTACT_CSV_COLUMNS]], CSV_OPTIONS)}`;
}

/** Records for some messages, to follow contactCsvHead (the export writes them a page at a time). */
export function contactCsvRecords(items: readonly ContactResponseItem[]): string {
  if (items.length === 0) return '';
  return stringify(
    items.map((item) => CONTACT_CSV_COLUMNS.map((column) => cell(item[column]))),
    CSV_OPTIONS,
  );
}

/** The whole export as a stream of text chunks, one per page of rows. */
export async function* contactCsvChunks(pages: AsyncIterable<readonly ContactResponseItem[]>): AsyncGenerator<string> {
  yield contactCsvHead();
  for await (const items of pages) yield contactCsvRecords(items);
}

/** contact-responses-YYYY-MM-DD.csv, dated in UTC (the server does not know the admin's zone). */
export function contactCsvFileName(now: Date): string {
  return `contact-responses-${now.toISOString().slice(0, 10)}.csv`;
}
