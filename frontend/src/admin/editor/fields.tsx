/** Form controls bound to one field of the settings record being edited (see editor-context.tsx). */
import { SIZE_PRESETS, type SettingsRecord, type SizePreset, type WritableSettingsField } from '@punchline/domain';
import type { ReactNode } from 'react';
import { useEditorForm } from './editor-context';
import { useHintWithProvenance } from './field-provenance';
import { ColorControl, CssSizeControl, SelectControl, TextControl, ToggleControl, UrlControl, type TextControlProps } from '../ui/form-controls';
import { MediaControl, type MediaKind } from './media-field';

type FieldsOfType<V> = { [K in WritableSettingsField]: SettingsRecord[K] extends V ? (V extends SettingsRecord[K] ? K : never) : never }[WritableSettingsField];
export type StringField = FieldsOfType<string>;
export type BooleanField = FieldsOfType<boolean>;
export type SizePresetField = FieldsOfType<SizePreset>;

export function TextField({ field, hint, ...props }: { field: StringField } & Omit<TextControlProps, 'value' | 'onChange'>) {
  const { settings, update } = useEditorForm();
  return <TextControl {...props} hint={useHintWithProvenance(field, hint)} value={settings[field]} onChange={(value) => update({ [field]: value })} />;
}

export function UrlField({ field, label, hint, placeholder }: { field: StringField; label: string; hint?: ReactNode; placeholder?: string }) {
  const { settings, update } = useEditorForm();
  return <UrlControl label={label} hint={useHintWithProvenance(field, hint)} placeholder={placeholder} value={settings[field]} onChange={(value) => update({ [field]: value })} />;
}

export function ToggleField({ field, label, hint, disabled }: { field: BooleanField; label: ReactNode; hint?: ReactNode; disabled?: boolean }) {
  const { settings, update } = useEditorForm();
  return <ToggleControl label={label} hint={useHintWithProvenance(field, hint)} disabled={disabled} checked={settings[field]} onChange={(checked) => update({ [field]: checked })} />;
}

const SIZE_OPTIONS = SIZE_PRESETS.map((value) => ({ value, label: value[0].toUpperCase() + value.slice(1) }));

export function SizePresetField({ field, label }: { field: SizePresetField; label: string }) {
  const { settings, update } = useEditorForm();
  return <SelectControl label={label} value={settings[field]} options={SIZE_OPTIONS} onChange={(value) => update({ [field]: value })} />;
}

/** A size preset with its optional custom CSS size (hero badge, headline, supporting text). */
export function SizeWithCustomField({ preset, custom, label }: { preset: SizePresetField; custom: StringField; label: string }) {
  const { settings, update } = useEditorForm();
  return (
    <div className="ed-size-pair">
      <SizePresetField field={preset} label={`${label} size`} />
      <CssSizeControl
        label={`${label} custom font size`}
        value={settings[custom]}
        presetLabel={settings[preset][0].toUpperCase() + settings[preset].slice(1)}
        onChange={(value) => update({ [custom]: value })}
      />
    </div>
  );
}

export function ColorField({
  field,
  label,
  fallback,
  contrast,
  disabled,
  hint,
  clearLabel,
}: {
  field: StringField;
  label: string;
  fallback: string;
  contrast?: { against: string; name: string };
  disabled?: boolean;
  hint?: ReactNode;
  clearLabel?: string;
}) {
  const { settings, update } = useEditorForm();
  const hinted = useHintWithProvenance(field, hint);
  return (
    <ColorControl
      label={label}
      hint={hinted}
      value={settings[field]}
      fallback={fallback}
      contrast={contrast}
      disabled={disabled}
      clearLabel={clearLabel}
      onChange={(value) => update({ [field]: value })}
    />
  );
}

export function MediaField({ field, label, kind, hint }: { field: StringField; label: string; kind: MediaKind; hint?: ReactNode }) {
  const { settings, update, canEdit } = useEditorForm();
  return <MediaControl label={label} kind={kind} hint={hint} value={settings[field]} disabled={!canEdit} onChange={(value) => update({ [field]: value })} />;
}
