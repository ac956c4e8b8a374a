/**
 * The fields of a list screen's filter toolbar (Audit Log, Contact Responses): a visible label
 * tied to its control by id, so tests and screen readers find each by its name. The caller's
 * `className` adds the screen's own width rules to the shared `admin-toolbar__field`.
 */
import type { SelectOption } from './form-controls';

interface FieldProps {
  /** The control's id; the label points at it. */
  id: string;
  label: string;
  className?: string;
}

function fieldClass(className: string | undefined): string {
  return className ? `admin-toolbar__field ${className}` : 'admin-toolbar__field';
}

export function SearchField({ id, label, className, value, maxLength, placeholder, onChange }: FieldProps & { value: string; maxLength: number; placeholder: string; onChange: (value: string) => void }) {
  return (
    <div className={fieldClass(className)}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" value={value} maxLength={maxLength} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}


/** Plain values as their own labels (row counts, actor emails). */
export function asOptions<V extends string | number>(values: readonly V[]): SelectOption<V>[] {
  return values.map((value) => ({ value, label: String(value) }));
}

export function SelectField<V extends string | number>({
  id,
  label,
  className,
  value,
  options,
  onChange,
}: FieldProps & { value: V; options: readonly SelectOption<V>[]; onChange: (value: V) => void }) {
  return (
    <div className={fieldClass(className)}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        // The option chosen is one of `options`, so its value maps back to V (numbers come back as text).
        onChange={(event) => onChange(options.find((option) => String(option.value) === event.target.value)!.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
