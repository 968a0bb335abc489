import { Popover as PopoverPrimitive } from "radix-ui";
import * as React from "react";
import { useControllableState } from "../lib/use-controllable-state";
import { ComboboxContent, ComboboxFieldTrigger, ComboboxList, type ComboboxOption } from "./combobox/parts";
import { type FieldStateProps, LabelledField, splitFieldProps, useField } from "./field";

export type AsyncSelectOption = ComboboxOption;

/** Search debounce of every select (docs/product.md §9). */
export const SELECT_DEBOUNCE_MS = 500;

export type LoadOptions<TOption extends AsyncSelectOption> = (
  query: string,
  /** Aborted when a newer search starts or the list closes; pass it to fetch. */
  signal: AbortSignal,
) => Promise<readonly TOption[]>;

export type AsyncSelectProps<TOption extends AsyncSelectOption = AsyncSelectOption> = Omit<
  React.ComponentProps<"button">,
  "value" | "defaultValue" | "onChange" | "onBlur" | "children"
> &
  FieldStateProps & {
    label: React.ReactNode;
    hint?: React.ReactNode;
    /** Finds options for what the user typed. Called on open with "" (unless `minQueryLength` > 0), then debounced. */
    loadOptions: LoadOptions<TOption>;
    /** The chosen option (controlled); `null` for none. The whole option, since the list is remote. */
    value?: TOption | null;
    defaultValue?: TOption | null;
    onValueChange?: (option: TOption | null) => void;
    /** Called when the user leaves the field (list closed, or focus left the closed trigger): "touched". */
    onBlur?: () => void;
    /** Wait after the last keystroke before searching. Default 500 ms. */
    debounceMs?: number;
    /** Searches shorter than this do not call `loadOptions`. Default 0. */
    minQueryLength?: number;
    placeholder?: string;
    searchPlaceholder?: string;
    /** Accessible name of the search input. */
    searchLabel?: string;
    loadingText?: string;
    emptyText?: string;
    errorText?: string;
    /** Shown while the query is shorter than `minQueryLength`. */
    typeMoreText?: string;
    /** Submits the chosen value with a native form (a hidden input). */
    name?: string;
    size?: "sm" | "md" | "lg";
    /** Classes for the trigger; `className` goes to the whole field. */
    triggerClassName?: string;
  };

type LoadState<TOption> =
  | { status: "idle"; options: readonly TOption[] }
  | { status: "loading"; options: readonly TOption[] }
  | { status: "done"; options: readonly TOption[] }
  | { status: "error"; options: readonly TOption[] };

/**
 * A labelled single select over a remote list: search as you type, debounced 500 ms, with loading, empty and
 * failure states. A newer search aborts the one in flight (its `signal`), and a stale answer is never shown.
 * Backspace in the empty search box never clears the chosen option.
 */
export function AsyncSelect<TOption extends AsyncSelectOption = AsyncSelectOption>(
  props: AsyncSelectProps<TOption>,
) {
  const { field, control } = splitFieldProps(props);
  return (
    <LabelledField slot="async-select-field" {...field}>
      <AsyncSelectControl<TOption> disabled={field.disabled} {...control} />
    </LabelledField>
  );
}

type AsyncSelectControlProps<TOption extends AsyncSelectOption> = Omit<
  AsyncSelectProps<TOption>,
  "label" | "hint" | "error" | "touched" | "id" | "className"
>;

function AsyncSelectControl<TOption extends AsyncSelectOption>({
  loadOptions,
  value: valueProp,
  defaultValue = null,
  onValueChange,
  onBlur,
  debounceMs = SELECT_DEBOUNCE_MS,
  minQueryLength = 0,
  placeholder = "Select…",
  searchPlaceholder = "Type to search…",
  searchLabel = "Search options",
  loadingText = "Searching…",
  emptyText = "No results",
  errorText = "The options could not be loaded",
  typeMoreText = "Type to search",
  name,
  size,
  triggerClassName,
  disabled,
  ...triggerProps
}: AsyncSelectControlProps<TOption>) {
  const field = useField();
  const [value, setValue] = useControllableState<TOption | null>({
    value: valueProp,
    defaultValue,
    onChange: onValueChange,
  });
  const [open, setOpen] = React.useState(false);
  const openRef = React.useRef(false);
  const [query, setQuery] = React.useState("");
  const [load, setLoad] = React.useState<LoadState<TOption>>({ status: "idle", options: [] });

  const loadRef = React.useRef(loadOptions);
  loadRef.current = loadOptions;
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = React.useRef<AbortController | undefined>(undefined);

  const cancel = React.useCallback(() => {
    clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = undefined;
  }, []);

  const search = React.useCallback(
    (text: string) => {
      cancel();
      if (text.trim().length < minQueryLength) {
        setLoad({ status: "idle", options: [] });
        return;
      }
      const controller = new AbortController();
      inFlight.current = controller;
      setLoad((previous) => ({ status: "loading", options: previous.options }));
      Promise.resolve()
        .then(() => loadRef.current(text, controller.signal))
        .then(
          (options) => {
            if (!controller.signal.aborted) setLoad({ status: "done", options });
          },
          () => {
            if (!controller.signal.aborted) setLoad({ status: "error", options: [] });
          },
        );
    },
    [cancel, minQueryLength],
  );

  const searchLater = (text: string) => {
    cancel();
    // Results on screen belong to an older query from now on: show "Searching…" during the wait too.
    setLoad((previous) =>
      text.trim().length < minQueryLength
        ? { status: "idle", options: [] }
        : { status: "loading", options: previous.options },
    );
    timer.current = setTimeout(() => search(text), debounceMs);
  };

  React.useEffect(() => cancel, [cancel]);

  const handleOpenChange = (next: boolean) => {
    openRef.current = next;
    setOpen(next);
    if (next) {
      search("");
    } else {
      cancel();
      setQuery("");
      setLoad({ status: "idle", options: [] });
      onBlur?.();
    }
  };

  const status =
    load.status === "loading"
      ? loadingText
      : load.status === "error"
        ? errorText
        : load.status === "idle"
          ? minQueryLength > 0
            ? typeMoreText
            : null
          : load.options.length === 0
            ? emptyText
            : null;

  return (
    <PopoverPrimitive.Root open={open} onOpenChange={handleOpenChange}>
      <ComboboxFieldTrigger
        slot="async-select"
        valueText={value?.label ?? placeholder}
        isPlaceholder={!value}
        openRef={openRef}
        onLeave={onBlur}
        size={size}
        disabled={disabled}
        className={triggerClassName}
        {...triggerProps}
      />
      <ComboboxContent data-slot="async-select-content" aria-labelledby={field?.labelId}>
        <ComboboxList
          slot="async-select"
          query={query}
          onQueryChange={(text) => {
            setQuery(text);
            searchLater(text);
          }}
          options={load.status === "done" ? load.options : []}
          isSelected={(optionValue) => value?.value === optionValue}
          onSelect={(option) => {
            const chosen = load.options.find((candidate) => candidate.value === option.value);
            if (chosen) setValue(chosen);
            handleOpenChange(false);
          }}
          searchLabel={searchLabel}
          searchPlaceholder={searchPlaceholder}
          listLabelledBy={field?.labelId}
          status={status}
          busy={load.status === "loading"}
        />
      </ComboboxContent>
      {name && value ? <input type="hidden" name={name} value={value.value} disabled={disabled} /> : null}
    </PopoverPrimitive.Root>
  );
}
