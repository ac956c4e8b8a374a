/**
 * The one way the admin shows an instant: local date and time, or the raw value when it is not a
 * date. `seconds` where entries can be seconds apart (audit entries, snapshots saved in a row),
 * so two of them never read the same.
 */
export function formatWhen(iso: string, options: { seconds?: boolean; locale?: string } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(options.locale, { dateStyle: 'medium', timeStyle: options.seconds ? 'medium' : 'short' });
}
