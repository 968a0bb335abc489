import { SelectField, type SelectOption } from "@brandscope/ui/select";
import { TextField } from "@brandscope/ui/text-field";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { countriesOptions, industriesOptions } from "~/features/reference/queries";
import { useDebouncedValue } from "./use-debounced-value";

/** Radix Select items cannot have an empty value: 'all' stands for no filter. */
export const ALL = "all";

/** A filter select with an 'All' option; `value` undefined is 'All', and choosing 'All' clears the filter. */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
  allLabel = "All",
  className = "w-48",
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  options: readonly SelectOption[];
  allLabel?: string;
  className?: string;
}) {
  return (
    <SelectField
      label={label}
      className={className}
      size="sm"
      value={value ?? ALL}
      onValueChange={(next) => onChange(next === ALL ? undefined : next)}
      options={[{ value: ALL, label: allLabel }, ...options]}
    />
  );
}

/** A list's market: its country and industry filters, with the server's lists (the audience and influencer lists). */
export function MarketFilters({
  value,
  onChange,
}: {
  value: { country?: string | undefined; industry?: string | undefined };
  onChange: (patch: { country?: string | undefined; industry?: string | undefined }) => void;
}) {
  const countries = useQuery(countriesOptions());
  const industries = useQuery(industriesOptions());
  return (
    <>
      <FilterSelect
        label="Country"
        value={value.country}
        onChange={(country) => onChange({ country })}
        allLabel="All countries"
        options={countries.data ?? []}
      />
      <FilterSelect
        label="Industry"
        value={value.industry}
        onChange={(industry) => onChange({ industry })}
        allLabel="All industries"
        options={industries.data ?? []}
      />
    </>
  );
}

/**
 * A search box that reports its text once typing pauses (500 ms). It keeps its own text, so the list does not
 * re-query on every keystroke; `value` from outside (e.g. stored) seeds it.
 */
export function SearchField({
  label,
  value,
  onSearch,
  placeholder,
  className = "w-64",
}: {
  label: string;
  value: string;
  onSearch: (value: string) => void;
  placeholder?: string;
  className?: string;
}) {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text);
  // Only a settled change of the text searches; `value` catching up must not search again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (settled.trim() !== value) onSearch(settled.trim());
  }, [settled]);
  return (
    <TextField
      label={label}
      type="search"
      size="sm"
      className={className}
      value={text}
      placeholder={placeholder}
      maxLength={100}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
