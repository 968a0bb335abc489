/*
 * Internal parts shared by MultiSelect and AsyncSelect: a trigger button that opens a popover holding a search
 * combobox and a listbox. Pattern: button (aria-haspopup="dialog") → dialog → input role="combobox" with
 * aria-activedescendant → listbox; focus stays in the search input while arrows move the highlight.
 */
import { Check, ChevronDown, LoaderCircle, Minus, Search } from "lucide-react";
import { Popover as PopoverPrimitive } from "radix-ui";
import * as React from "react";
import { cn } from "../../lib/cn";
import { useField, useFieldControl } from "../field";
import { inputVariants } from "../text-field";

export type ComboboxOption = { value: string; label: string; disabled?: boolean };

export type ComboboxTriggerProps = React.ComponentProps<typeof PopoverPrimitive.Trigger> & {
  size?: "sm" | "md" | "lg";
  /** Whether the value text is a placeholder (muted). */
  placeholder?: boolean;
};

/** The closed control: shows the current value; inside a Field it takes the Field's id and ARIA wiring. */
export function ComboboxTrigger({ className, size, placeholder, children, ...props }: ComboboxTriggerProps) {
  const control = useFieldControl(props);
  return (
    <PopoverPrimitive.Trigger
      type="button"
      data-placeholder={placeholder ? "" : undefined}
      className={cn(
        inputVariants({ size }),
        "items-center justify-between gap-2 text-left whitespace-nowrap",
        "data-placeholder:text-muted-foreground",
        className,
      )}
      {...control}
    >
      {children}
      <ChevronDown aria-hidden className="size-4 shrink-0 opacity-60" />
    </PopoverPrimitive.Trigger>
  );
}

/**
 * The trigger of a labelled field's combobox (MultiSelect, AsyncSelect): it shows the value's text and is named by
 * the field's label and that text. Focus leaving it counts as leaving the field only while the list is closed:
 * opening moves focus into the popover.
 */
export function ComboboxFieldTrigger({
  slot,
  valueText,
  isPlaceholder,
  openRef,
  onLeave,
  ...props
}: Omit<ComboboxTriggerProps, "placeholder" | "onBlur" | "children"> & {
  /** `data-slot` prefix of the owning component, e.g. "multi-select". */
  slot: string;
  valueText: React.ReactNode;
  isPlaceholder: boolean;
  openRef: React.RefObject<boolean>;
  onLeave?: (() => void) | undefined;
}) {
  const field = useField();
  const valueId = React.useId();
  return (
    <ComboboxTrigger
      data-slot={`${slot}-trigger`}
      placeholder={isPlaceholder}
      aria-labelledby={field ? `${field.labelId} ${valueId}` : undefined}
      onBlur={() => {
        if (!openRef.current) onLeave?.();
      }}
      {...props}
    >
      <span id={valueId} data-slot={`${slot}-value`} className="truncate">
        {valueText}
      </span>
    </ComboboxTrigger>
  );
}

export type ComboboxContentProps = React.ComponentProps<typeof PopoverPrimitive.Content>;

/** The popover: as wide as the trigger, on the popover layer. */
export function ComboboxContent({ className, ...props }: ComboboxContentProps) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        align="start"
        sideOffset={4}
        className={cn(
          "bg-popover text-popover-foreground z-50 flex w-(--radix-popover-trigger-width) min-w-48 flex-col overflow-hidden rounded-md border shadow-md outline-none",
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}

export type ComboboxListProps = {
  /** `data-slot` prefix of the owning component, e.g. "multi-select". */
  slot: string;
  query: string;
  onQueryChange: (query: string) => void;
  /** The options to show, already filtered. */
  options: readonly ComboboxOption[];
  isSelected: (value: string) => boolean;
  /** A checkable row that is partly selected (a 'Select all' row with some options chosen): drawn as a dash. */
  isMixed?: (value: string) => boolean;
  onSelect: (option: ComboboxOption) => void;
  /** Checkable rows and `aria-multiselectable`. */
  multiple?: boolean;
  /** Accessible name of the search input. */
  searchLabel: string;
  searchPlaceholder?: string | undefined;
  /** Id of the element naming the list (the field label). */
  listLabelledBy?: string | undefined;
  /** A message instead of or under the options (loading, nothing found, failure); announced politely. */
  status?: React.ReactNode;
  busy?: boolean;
};

/**
 * Search input + listbox. Arrow keys move the highlight, Enter chooses, the mouse chooses without taking focus
 * from the input. Backspace on an empty search is swallowed: it never removes or clears a selection
 * (docs/product.md §5).
 */
export function ComboboxList({
  slot,
  query,
  onQueryChange,
  options,
  isSelected,
  isMixed,
  onSelect,
  multiple = false,
  searchLabel,
  searchPlaceholder,
  listLabelledBy,
  status,
  busy = false,
}: ComboboxListProps) {
  const listId = React.useId();
  const [highlighted, setHighlighted] = React.useState<string | null>(null);
  const enabled = options.filter((option) => !option.disabled);
  // The highlight starts on the first selected option (as a listbox's focus would), else on the first one.
  const active =
    enabled.find((option) => option.value === highlighted) ??
    enabled.find((option) => isSelected(option.value)) ??
    enabled[0];
  const optionId = (option: ComboboxOption) => `${listId}-${options.indexOf(option)}`;
  const activeId = active ? optionId(active) : undefined;

  React.useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  const move = (step: 1 | -1) => {
    if (!enabled.length) return;
    const current = active ? enabled.indexOf(active) : -1;
    const next = enabled[Math.max(0, Math.min(enabled.length - 1, current + step))];
    if (next) setHighlighted(next.value);
  };

  const handleKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        move(1);
        break;
      case "ArrowUp":
        event.preventDefault();
        move(-1);
        break;
      case "Enter":
        event.preventDefault();
        if (active) onSelect(active);
        break;
      case "Backspace":
        // The guard: with nothing typed, Backspace has nothing to delete and must not reach any "clear" logic.
        if (query === "") {
          event.preventDefault();
          event.stopPropagation();
        }
        break;
    }
  };

  return (
    <>
      <div data-slot={`${slot}-search`} className="border-border flex items-center gap-2 border-b px-3">
        <Search aria-hidden className="text-muted-foreground size-4 shrink-0" />
        <input
          role="combobox"
          aria-label={searchLabel}
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          autoComplete="off"
          spellCheck={false}
          placeholder={searchPlaceholder}
          value={query}
          onChange={(event) => {
            setHighlighted(null);
            onQueryChange(event.target.value);
          }}
          onKeyDown={handleKeyDown}
          className="placeholder:text-muted-foreground h-10 w-full min-w-0 bg-transparent text-sm outline-none"
        />
        {busy ? (
          <LoaderCircle aria-hidden className="text-muted-foreground size-4 shrink-0 animate-spin" />
        ) : null}
      </div>
      <div
        role="listbox"
        id={listId}
        aria-labelledby={listLabelledBy}
        aria-multiselectable={multiple || undefined}
        aria-busy={busy || undefined}
        data-slot={`${slot}-list`}
        className="max-h-64 overflow-y-auto not-empty:p-1"
      >
        {options.map((option) => {
          const selected = isSelected(option.value);
          const mixed = !selected && (isMixed?.(option.value) ?? false);
          const isActive = option === active;
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the search input owns the keyboard (aria-activedescendant)
            <div
              key={option.value}
              id={optionId(option)}
              role="option"
              tabIndex={-1}
              aria-selected={selected}
              aria-disabled={option.disabled || undefined}
              data-slot={`${slot}-option`}
              data-highlighted={isActive ? "" : undefined}
              data-value={option.value}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => {
                if (!option.disabled && !isActive) setHighlighted(option.value);
              }}
              onClick={() => {
                if (!option.disabled) onSelect(option);
              }}
              className={cn(
                "relative flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm select-none",
                "data-highlighted:bg-accent data-highlighted:text-accent-foreground",
                "aria-disabled:pointer-events-none aria-disabled:opacity-50",
              )}
            >
              {multiple ? (
                <span
                  aria-hidden
                  data-state={selected ? "checked" : mixed ? "indeterminate" : "unchecked"}
                  className={cn(
                    "border-input flex size-4 shrink-0 items-center justify-center rounded-sm border",
                    "data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground",
                    "data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-foreground",
                  )}
                >
                  {selected ? <Check strokeWidth={3} className="size-3" /> : null}
                  {mixed ? <Minus strokeWidth={3} className="size-3" /> : null}
                </span>
              ) : null}
              <span className="truncate">{option.label}</span>
              {!multiple && selected ? <Check aria-hidden className="ml-auto size-4 shrink-0" /> : null}
            </div>
          );
        })}
      </div>
      <div
        role="status"
        data-slot={`${slot}-status`}
        className="text-muted-foreground px-3 py-2 text-center text-sm empty:hidden"
      >
        {status}
      </div>
    </>
  );
}

/** Whether the option's label contains the query, ignoring case and surrounding spaces. */
export function matchesQuery(option: ComboboxOption, query: string) {
  const needle = query.trim().toLocaleLowerCase();
  return !needle || option.label.toLocaleLowerCase().includes(needle);
}
