/** Editable lists: {label, url} link lists with their SPEC §5 limits, and cards of structured items (events, team, merch, contact cards). */
import { blankLink, type LinkItem } from '@punchline/domain';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { TextControl, UrlControl } from './form-controls';
import { insertItem, moveItem, removeItem, replaceItem } from './list-ops';
import './ui.css';

const FOCUSABLE = 'input, textarea, select, button:not([disabled])';

interface Removed<T> {
  item: T;
  index: number;
  name: string;
}

/**
 * Add and remove with the keyboard kept in place (issue 12 point 7). Add puts the keyboard in the
 * new row. After a removal focus goes to the item that took its place (or the one before, or the
 * Add button), and a status line offers Undo until the list changes otherwise. Announced, so
 * screen-reader users hear what happened.
 */
function useEditableList<T>(items: T[], onChange: (items: T[]) => void, newItem: () => T) {
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const [removed, setRemoved] = useState<Removed<T> | null>(null);
  const expected = useRef<T[] | null>(null);
  // Any other change to the list (an edit, an add, a move) ends the chance to undo.
  useEffect(() => {
    if (removed && items !== expected.current) setRemoved(null);
  }, [items, removed]);

  const focusAt = (index: number) =>
    requestAnimationFrame(() => {
      const rows = listRef.current?.querySelectorAll<HTMLElement>(':scope > li') ?? [];
      const row = rows[Math.min(index, rows.length - 1)];
      (row?.querySelector<HTMLElement>(FOCUSABLE) ?? addRef.current)?.focus();
    });

  const remove = (index: number, name: string) => {
    const next = removeItem(items, index);
    expected.current = next;
    setRemoved({ item: items[index] as T, index, name });
    onChange(next);
    focusAt(index);
  };

  const undo = () => {
    if (!removed) return;
    onChange(insertItem(items, removed.index, removed.item));
    setRemoved(null);
    focusAt(removed.index);
  };

  const status = (
    <div className="kit-undo" role="status">
      {removed ? (
        <>
          <span>Removed {removed.name}.</span>
          <button type="button" className="kit-button kit-button--small" onClick={undo}>
            Undo
          </button>
        </>
      ) : null}
    </div>
  );
  const add = () => {
    onChange([...items, newItem()]);
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>('li:last-child input, li:last-child textarea')?.focus());
  };
  return { listRef, addRef, add, remove, status };
}

type EditableList = ReturnType<typeof useEditableList>;

interface EditableListFrameProps {
  legend: string;
  /** After the legend: how many there are (and how many may be). */
  count: string;
  hint?: ReactNode;
  /** Said in place of the rows while there are none. */
  emptyText: string | null;
  listClassName: string;
  editing: EditableList;
  addLabel: string;
  full: boolean;
  /** Said beside the disabled Add button once the list is full. */
  limitMessage?: string;
  /** The rows, each an <li>. */
  children: ReactNode;
}

/** Both list editors' frame: legend with the count, hint, the rows, the Undo line and the Add button. */
function EditableListFrame({ legend, count, hint, emptyText, listClassName, editing, addLabel, full, limitMessage, children }: EditableListFrameProps) {
  const hintId = useId();
  const limitId = useId();
  const sayLimit = full && limitMessage !== undefined;
  return (
    <fieldset className="kit-list" aria-describedby={hint ? hintId : undefined}>
      <legend className="kit-list__legend">
        {legend} <span className="kit-list__count">{count}</span>
      </legend>
      {hint ? (
        <p className="kit-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {emptyText !== null ? <p className="kit-list__empty">{emptyText}</p> : null}
      <ol className={listClassName} ref={editing.listRef}>
        {children}
      </ol>
      {editing.status}
      <div className="kit-list__footer">
        <button ref={editing.addRef} type="button" className="kit-button kit-button--small" onClick={editing.add} disabled={full} aria-describedby={sayLimit ? limitId : undefined}>
          + {addLabel}
        </button>
        {sayLimit ? (
          <span className="kit-list__limit" id={limitId} role="status">
            {limitMessage}
          </span>
        ) : null}
      </div>
    </fieldset>
  );
}

export interface LinkListControlProps {
  legend: string;
  value: LinkItem[];
  onChange: (value: LinkItem[]) => void;
  max: number;
  /** Shown beside the disabled add button once the list is full. */
  limitMessage: string;
  addLabel?: string;
  itemNoun?: string;
  hint?: ReactNode;
  /** Footer and quick links give bare values https:// (SPEC §5). */
  bareToHttps?: boolean;
  labelPlaceholder?: string;
  emptyText?: string;
}

export function LinkListControl({
  legend,
  value,
  onChange,
  max,
  limitMessage,
  addLabel = 'Add link',
  itemNoun = 'Link',
  hint,
  bareToHttps,
  labelPlaceholder,
  emptyText = 'No links yet.',
}: LinkListControlProps) {
  const editing = useEditableList(value, onChange, blankLink);
  return (
    <EditableListFrame
      legend={legend}
      count={`(${value.length} of ${max})`}
      hint={hint}
      emptyText={value.length === 0 ? emptyText : null}
      listClassName="kit-link-list"
      editing={editing}
      addLabel={addLabel}
      full={value.length >= max}
      limitMessage={limitMessage}
    >
      {value.map((item, index) => (
        <li className="kit-link-row" key={index}>
          <TextControl
            label={`${itemNoun} ${index + 1} label`}
            value={item.label}
            placeholder={labelPlaceholder}
            onChange={(label) => onChange(replaceItem(value, index, { ...item, label }))}
          />
          <UrlControl
            label={`${itemNoun} ${index + 1} URL`}
            value={item.url}
            bareToHttps={bareToHttps}
            onChange={(url) => onChange(replaceItem(value, index, { ...item, url }))}
          />
          <RowActions
            index={index}
            count={value.length}
            noun={`${itemNoun.toLowerCase()} ${index + 1}`}
            onMove={(direction) => onChange(moveItem(value, index, direction))}
            onRemove={() => editing.remove(index, item.label.trim() ? `${itemNoun.toLowerCase()} “${item.label.trim()}”` : `${itemNoun.toLowerCase()} ${index + 1}`)}
          />
        </li>
      ))}
    </EditableListFrame>
  );
}

export interface RowActionsProps {
  index: number;
  count: number;
  noun: string;
  onMove?: (direction: 'up' | 'down') => void;
  onRemove?: () => void;
  canMoveUp?: boolean;
  canMoveDown?: boolean;
  removeLabel?: string;
}

/** Move up / move down / remove, each named for screen readers ("Move team member 2 up"). */
export function RowActions({ index, count, noun, onMove, onRemove, canMoveUp, canMoveDown, removeLabel = 'Remove' }: RowActionsProps) {
  const up = canMoveUp ?? index > 0;
  const down = canMoveDown ?? index < count - 1;
  return (
    <div className="kit-row-actions">
      {onMove ? (
        <>
          <button type="button" className="kit-icon-button" onClick={() => onMove('up')} disabled={!up} aria-label={`Move ${noun} up`} title="Move up">
            <span aria-hidden="true">↑</span>
          </button>
          <button type="button" className="kit-icon-button" onClick={() => onMove('down')} disabled={!down} aria-label={`Move ${noun} down`} title="Move down">
            <span aria-hidden="true">↓</span>
          </button>
        </>
      ) : null}
      {onRemove ? (
        <button type="button" className="kit-button kit-button--small kit-button--danger-ghost" onClick={onRemove} aria-label={`${removeLabel} ${noun}`}>
          {removeLabel}
        </button>
      ) : null}
    </div>
  );
}

export interface ItemListEditorProps<T> {
  legend: string;
  items: T[];
  onChange: (items: T[]) => void;
  newItem: () => T;
  addLabel: string;
  /** A short noun for buttons and headings ('Event', 'Team member'). */
  itemNoun: string;
  /** The card heading for an item (its title or name, else the noun and number). */
  itemTitle: (item: T, index: number) => string;
  renderItem: (item: T, update: (next: T) => void, index: number) => ReactNode;
  movable?: boolean;
  emptyText: string;
  max?: number;
  hint?: ReactNode;
}

export function ItemListEditor<T>({ legend, items, onChange, newItem, addLabel, itemNoun, itemTitle, renderItem, movable = true, emptyText, max, hint }: ItemListEditorProps<T>) {
  const editing = useEditableList(items, onChange, newItem);
  return (
    <EditableListFrame
      legend={legend}
      count={`(${items.length})`}
      hint={hint}
      emptyText={items.length === 0 ? emptyText : null}
      listClassName="kit-cards"
      editing={editing}
      addLabel={addLabel}
      full={max !== undefined && items.length >= max}
    >
      {items.map((item, index) => {
        const title = itemTitle(item, index);
        return (
          <li className="kit-card" key={index}>
            <div className="kit-card__header">
              <h3 className="kit-card__title">{title}</h3>
              <RowActions
                index={index}
                count={items.length}
                noun={`${itemNoun.toLowerCase()} ${index + 1}`}
                onMove={movable ? (direction) => onChange(moveItem(items, index, direction)) : undefined}
                onRemove={() => editing.remove(index, `“${title}”`)}
              />
            </div>
            <div className="kit-card__body">{renderItem(item, (next) => onChange(replaceItem(items, index, next)), index)}</div>
          </li>
        );
      })}
    </EditableListFrame>
  );
}
