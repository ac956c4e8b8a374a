import { stringify } from 'csv-stringify/sync';
import type { ContactResponseItem } from '../contact-responses.read';

/** The export's columns, in order: every field of SPEC §3 "Contact response". */
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

/** RFC 4180 CSV (CRLF; a field with any line break is quoted, since a lone LF is not a record end here), with a UTF-8 byte order mark so spreadsheet programs read accents right. */
export function contactResponsesCsv(items: readonly ContactResponseItem[]): string {
  const records = items.map((item) => CONTACT_CSV_COLUMNS.map((column) => cell(item[column])));
  return `\uFEFF${stringify(records, { header: true, columns: [...CONTACT_CSV_COLUMNS], record_delimiter: 'windows', quoted_match: /[\r\n]/ })}`;
}

/** contact-responses-YYYY-MM-DD.csv, dated in UTC (the server does not know the admin's zone). */
export function contactCsvFileName(now: Date): string {
  return `contact-responses-${now.toISOString().slice(0, 10)}.csv`;
}
