/**
 * Value-based form controls of the editing screens. Each has a visible label tied to its input,
 * hints and messages tied with aria-describedby; rules come from domain/ (SPEC §5), never from here.
 */
import {
  checkLink,
  contrastLabel,
  contrastRatio,
  HEX_COLOR_MESSAGE,
  normaliseCssSize,
  parseHexColor,
  type ContrastLabel,
} from '@punchline/domain';
import { useId, useState, type ReactNode } from 'react';
import './ui.css';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  message?: ReactNode;
  messageTone?: 'error' | 'info';
  children: ReactNode;
  className?: string;
  /** Extra content beside the label (a contrast badge, a counter). */
  aside?: ReactNode;
}

function describedBy(id: string, hint: unknown, message: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : null, message ? `${id}-message` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function FieldShell({ id, label, hint, message, messageTone = 'error', children, className, aside }: FieldShellProps) {
  return (
    <div className={`kit-field${className ? ` ${className}` : ''}`}>
      <div className="kit-field__label-row">
        <label className="kit-field__label" htmlFor={id}>
          {label}
        </label>
        {aside}
      </div>
      {children}
      {hint ? (
        <p className="kit-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {message ? (
        <p className={`kit-field__message kit-field__message--${messageTone}`} id={`${id}-message`} role={messageTone === 'error' ? 'alert' : undefined}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

export interface TextControlProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  hint?: ReactNode;
  message?: ReactNode;
  /** 'info': a note, not an error (no aria-invalid, no alert). */
  messageTone?: 'error' | 'info';
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
  type?: 'text' | 'email' | 'tel' | 'url' | 'search';
  inputMode?: 'text' | 'email' | 'tel' | 'url' | 'numeric';
  autoComplete?: string;
  className?: string;
  maxLength?: number;
}

export function TextControl({ label, value, onChange, onBlur, hint, message, messageTone = 'error', multiline, rows = 3, placeholder, type = 'text', inputMode, autoComplete = 'off', className, maxLength }: TextControlProps) {
  const id = useId();
  const common = {
    id,
    className: 'kit-input',
    value,
    placeholder,
    maxLength,
    onBlur,
    'aria-describedby': describedBy(id, hint, message),
    'aria-invalid': message && messageTone === 'error' ? true : undefined,
  };
  return (
    <FieldShell id={id} label={label} hint={hint} message={message} messageTone={messageTone} className={className}>
      {multiline ? (
        <textarea {...common} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} inputMode={inputMode} autoComplete={autoComplete} onChange={(e) => onChange(e.target.value)} />
      )}
    </FieldShell>
  );
}

export interface ToggleControlProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  disabled?: boolean;
}

/** A checkbox shown as a switch; role=switch so it is announced as on/off. */
export function ToggleControl({ label, checked, onChange, hint, disabled }: ToggleControlProps) {
  const id = useId();
  return (
    <div className="kit-toggle">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="kit-toggle__input"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id} className="kit-toggle__label">
        <span className="kit-toggle__track" aria-hidden="true">
          <span className="kit-toggle__thumb" />
        </span>
        <span>{label}</span>
      </label>
      {hint ? (
        <p className="kit-field__hint kit-toggle__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export interface SelectOption<T extends string | number> {
  value: T;
  label: string;
}

export interface SelectControlProps<T extends string | number> {
  label: ReactNode;
  value: T;
  options: readonly SelectOption<T>[];
  onChange: (value: T) => void;
  hint?: ReactNode;
  className?: string;
}

export function SelectControl<T extends string | number>({ label, value, options, onChange, hint, className }: SelectControlProps<T>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} className={className}>
      <select
        id={id}
        className="kit-input kit-select"
        value={String(value)}
        aria-describedby={describedBy(id, hint, null)}
        onChange={(e) => {
          const chosen = options.find((o) => String(o.value) === e.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export interface UrlControlProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  placeholder?: string;
  /** Footer and quick links: a value without a scheme gets https:// once the field is left. */
  bareToHttps?: boolean;
  className?: string;
}

/**
 * SPEC §5: URL fields are normalised on change (an email becomes mailto:, a domain gets https://).
 * A refused link (javascript:, data:, unknown schemes) stays visible with its message and is stored as ''.
 */
export function UrlControl({ label, value, onChange, hint, placeholder = 'https://…', bareToHttps, className }: UrlControlProps) {
  const id = useId();
  const [refused, setRefused] = useState<{ text: string; message: string } | null>(null);
  const shown = refused !== null && value === '' ? refused.text : value;
  const message = refused !== null && value === '' ? refused.message : undefined;
  return (
    <FieldShell id={id} label={label} hint={hint} message={message} className={className}>
      <input
        id={id}
        className="kit-input"
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        value={shown}
        placeholder={placeholder}
        aria-describedby={describedBy(id, hint, message)}
        aria-invalid={message ? true : undefined}
        onChange={(e) => {
          const check = checkLink(e.target.value);
          if (check.ok) {
            setRefused(null);
            onChange(check.value === '' ? '' : check.value);
          } else {
            setRefused({ text: e.target.value, message: check.message });
            onChange('');
          }
        }}
        onBlur={() => {
          if (!bareToHttps || value === '') return;
          const check = checkLink(value, { bareToHttps: true });
          if (check.ok && check.value !== value) onChange(check.value);
        }}
      />
    </FieldShell>
  );
}

/**
 * SPEC §5 hex entry: non-hex characters are stripped, the rest cut to 6 digits and upper-cased;
 * 3 digits expand to 6 when the field is left. Returns '#' + digits, or '' when nothing is left.
 */
export function sanitiseHexInput(raw: string): string {
  const digits = raw.replace(/[^0-9a-fA-F]/g, '').slice(0, 6).toUpperCase();
  return digits === '' ? '' : `#${digits}`;
}

const CONTRAST_TONE: Record<ContrastLabel, string> = { AAA: 'good', AA: 'good', 'AA (large)': 'fair', Low: 'poor' };

export function ContrastBadge({ color, against, againstName }: { color: string; against: string; againstName: string }) {
  const ratio = contrastRatio(color, against);
  if (ratio === null) return null;
  const label = contrastLabel(ratio);
  return (
    <span className={`kit-contrast kit-contrast--${CONTRAST_TONE[label]}`} title={`Contrast ${ratio.toFixed(2)}:1 against ${againstName}`}>
      <span className="kit-contrast__label">{label}</span>
      <span className="kit-contrast__detail">
        {ratio.toFixed(1)}:1 vs {againstName}
      </span>
    </span>
  );
}

export interface ColorControlProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** What the colour is read against, for the SPEC §9 contrast label. */
  contrast?: { against: string; name: string };
  /** Shown in the swatch (and used for contrast) while the field is blank or invalid. */
  fallback: string;
  hint?: ReactNode;
  disabled?: boolean;
  /** Overrides: blank is valid ("inherit"); offer a button that blanks the field. */
  clearLabel?: string;
}

export function ColorControl({ label, value, onChange, contrast, fallback, hint, disabled, clearLabel }: ColorControlProps) {
  const id = useId();
  const parsed = parseHexColor(value);
  const digits = value.replace(/^#/, '');
  const invalid = digits !== '' && digits.length !== 3 && digits.length !== 6;
  const effective = parsed ?? fallback;
  const message = invalid ? HEX_COLOR_MESSAGE : undefined;
  return (
    <FieldShell
      id={id}
      label={label}
      hint={hint}
      message={message}
      className="kit-color"
      aside={contrast ? <ContrastBadge color={effective} against={contrast.against} againstName={contrast.name} /> : null}
    >
      <div className="kit-color__row">
        <input
          type="color"
          className="kit-color__swatch"
          value={effective.toLowerCase()}
          disabled={disabled}
          aria-label={`${label} colour picker`}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
        />
        <input
          id={id}
          className="kit-input kit-color__hex"
          type="text"
          autoComplete="off"
          spellCheck={false}
          maxLength={10}
          value={value}
          placeholder={fallback}
          disabled={disabled}
          aria-describedby={describedBy(id, hint, message)}
          aria-invalid={invalid ? true : undefined}
          onChange={(e) => onChange(sanitiseHexInput(e.target.value))}
          onBlur={() => {
            if (parsed !== null && parsed !== value) onChange(parsed);
          }}
        />
        {clearLabel && value !== '' ? (
          <button type="button" className="kit-button kit-button--small kit-button--ghost" disabled={disabled} onClick={() => onChange('')} aria-label={`${clearLabel}: ${label}`}>
            {clearLabel}
          </button>
        ) : null}
      </div>
    </FieldShell>
  );
}

export interface CssSizeControlProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The preset that applies while this is empty, for the placeholder. */
  presetLabel: string;
}

/** SPEC §5: a custom CSS size, normalised when the field loses focus; anything not accepted becomes empty. */
export function CssSizeControl({ label, value, onChange, presetLabel }: CssSizeControlProps) {
  const [rejected, setRejected] = useState<string | null>(null);
  return (
    <TextControl
      label={label}
      value={value}
      placeholder={`${presetLabel} preset`}
      maxLength={200}
      hint="Optional: a size such as 2.5rem, 48px or clamp(2rem, 6vw, 4rem). Leave empty to use the preset."
      message={rejected !== null ? `“${rejected}” is not an accepted size, so the preset applies.` : undefined}
      onChange={(next) => {
        setRejected(null);
        onChange(next);
      }}
      onBlur={() => {
        const normalised = normaliseCssSize(value);
        setRejected(value.trim() !== '' && normalised === '' ? value.trim() : null);
        if (normalised !== value) onChange(normalised);
      }}
    />
  );
}
