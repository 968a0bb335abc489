import { Popover as PopoverPrimitive } from "radix-ui";
import * as React from "react";
import { useControllableState } from "../lib/use-controllable-state";
import {
  ComboboxContent,
  ComboboxFieldTrigger,
  ComboboxList,
  type ComboboxOption,
  matchesQuery,
} from "./combobox/parts";
import { type FieldStateProps, LabelledField, splitFieldProps, useField } from "./field";

export type MultiSelectOption = ComboboxOption;

/** The value of the 'Select all' row (docs/product.md §5). No real option may use it. */
export const SELECT_ALL_VALUE = "*";

/** True when every enabled option is selected: the trigger then reads 'All'. */
export function isEverySelected(options: readonly MultiSelectOption[], value: readonly string[]) {
  const selectable = options.filter((option) => !option.disabled);
  return selectable.length > 0 && selectable.every((option) => value.includes(option.value));
}

/**
 * The selection after choosing `chosen`, in the options' order. Choosing 'Select all' selects every enabled
 * option (or, when all are selected already, clears them); choosing an option toggles it, which drops 'All'.
 */
export function toggleMultiSelectValue(
  options: readonly MultiSelectOption[],
  value: readonly string[],
  chosen: string,
): string[] {
  const selectable = options.filter((option) => !option.disabled).map((option) => option.value);
  let next: string[];
  if (chosen === SELECT_ALL_VALUE) {
    next = isEverySelected(options, value)
      ? value.filter((item) => !selectable.includes(item))
      : [...new Set([...value, ...selectable])];
  } else {
    next = value.includes(chosen) ? value.filter((item) => item !== chosen) : [...value, chosen];
  }
  const order = new Map(options.map((option, index) => [option.value, index]));
  return next.sort((a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity));
}

export type MultiSelectProps = Omit<
  React.ComponentProps<"button">,
  "value" | "defaultValue" | "onChange" | "onBlur" | "children"
> &
  FieldStateProps & {
    label: React.ReactNode;
    hint?: React.ReactNode;
    options: readonly MultiSelectOption[];
    /** Selected option values (controlled). Never contains `*`: 'All' is derived from the options. */
    value?: string[];
    defaultValue?: string[];
    onValueChange?: (value: string[]) => void;
    /** Called when the user leaves the field (list closed, or focus left the closed trigger): "touched". */
    onBlur?: () => void;
    /** Trigger text when nothing is selected. */
    placeholder?: string;
    searchPlaceholder?: string;
    /** Accessible name of the search input. */
    searchLabel?: string;
    selectAllLabel?: string;
    /** Trigger text when every option is selected. */
    allLabel?: string;
    emptyText?: string;
    /** Submits the selection with a native form: one hidden input per value under this name. */
    name?: string;
    size?: "sm" | "md" | "lg";
    /** Classes for the trigger; `className` goes to the whole field. */
    triggerClassName?: string;
  };

/**
 * A labelled multiple choice: a trigger showing the selection, and a popover with a search box and a checkable
 * list headed by 'Select all' (value `*`). Choosing 'Select all' selects every option and the trigger reads 'All';
 * deselecting any option drops 'All'. Backspace in the empty search box never touches the selection.
 */
export function MultiSelect(props: MultiSelectProps) {
  const { field, control } = splitFieldProps(props);
  return (
    <LabelledField slot="multi-select-field" {...field}>
      <MultiSelectControl disabled={field.disabled} {...control} />
    </LabelledField>
  );
}

type MultiSelectControlProps = Omit<
  MultiSelectProps,
  "label" | "hint" | "error" | "touched" | "id" | "className"
>;

function MultiSelectControl({
  options,
  value: valueProp,
  defaultValue = [],
  onValueChange,
  onBlur,
  placeholder = "Select…",
  searchPlaceholder = "Search…",
  searchLabel = "Search options",
  selectAllLabel = "Select all",
  allLabel = "All",
  emptyText = "No results",
  name,
  size,
  triggerClassName,
  disabled,
  ...triggerProps
}: MultiSelectControlProps) {
  const field = useField();
  const [value, setValue] = useControllableState<string[]>({
    value: valueProp,
    defaultValue,
    onChange: onValueChange,
  });
  const [open, setOpen] = React.useState(false);
  const openRef = React.useRef(false);
  const [query, setQuery] = React.useState("");

  const everySelected = isEverySelected(options, value);
  const selectedLabels = options
    .filter((option) => value.includes(option.value))
    .map((option) => option.label);
  const summary = everySelected
    ? allLabel
    : selectedLabels.length === 0
      ? placeholder
      : selectedLabels.length <= 2
        ? selectedLabels.join(", ")
        : `${selectedLabels.length} selected`;

  const filtered = options.filter((option) => matchesQuery(option, query));
  const hasSelectable = options.some((option) => !option.disabled);
  // 'Select all' heads the full list; while searching it would be ambiguous (all, or all found?), so it hides.
  const shown =
    query.trim() === "" && hasSelectable
      ? [{ value: SELECT_ALL_VALUE, label: selectAllLabel }, ...filtered]
      : filtered;

  const handleOpenChange = (next: boolean) => {
    openRef.current = next;
    setOpen(next);
    if (!next) {
      setQuery("");
      onBlur?.();
    }
  };

  return (
    <PopoverPrimitive.Root open={open} onOpenChange={handleOpenChange}>
      <ComboboxFieldTrigger
        slot="multi-select"
        valueText={summary}
        isPlaceholder={selectedLabels.length === 0}
        openRef={openRef}
        onLeave={onBlur}
        size={size}
        disabled={disabled}
        className={triggerClassName}
        {...triggerProps}
      />
      <ComboboxContent data-slot="multi-select-content" aria-labelledby={field?.labelId}>
        <ComboboxList
          slot="multi-select"
          multiple
          query={query}
          onQueryChange={setQuery}
          options={shown}
          isSelected={(optionValue) =>
            optionValue === SELECT_ALL_VALUE ? everySelected : value.includes(optionValue)
          }
          isMixed={(optionValue) => optionValue === SELECT_ALL_VALUE && value.length > 0}
          onSelect={(option) => setValue(toggleMultiSelectValue(options, value, option.value))}
          searchLabel={searchLabel}
          searchPlaceholder={searchPlaceholder}
          listLabelledBy={field?.labelId}
          status={filtered.length === 0 ? emptyText : null}
        />
      </ComboboxContent>
      {name
        ? value.map((item) => <input key={item} type="hidden" name={name} value={item} disabled={disabled} />)
        : null}
    </PopoverPrimitive.Root>
  );
}
