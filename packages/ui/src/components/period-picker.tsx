import * as React from "react";
import { cn } from "../lib/cn";
import { useControllableState } from "../lib/use-controllable-state";
import { Button } from "./button";
import { Input } from "./text-field";

/** The windows every module can be viewed for (decisions: 7, 30, 90 days, 12 months or a custom range). */
export type PeriodPreset = "7d" | "30d" | "90d" | "12m" | "custom";

export type PeriodValue = {
  period: PeriodPreset;
  /** First day of a custom range, `YYYY-MM-DD`. */
  from?: string;
  /** Last day of a custom range, `YYYY-MM-DD`. */
  to?: string;
};

export const periodPresets: readonly { value: PeriodPreset; label: string }[] = [
  { value: "7d", label: "7 days" },
  { value: "30d", label: "30 days" },
  { value: "90d", label: "90 days" },
  { value: "12m", label: "12 months" },
  { value: "custom", label: "Custom" },
];

/** Words for a period, e.g. for a comparison ('vs previous 30 days') or a heading. */
export function describePeriod(value: PeriodValue): string {
  if (value.period === "custom") {
    return value.from && value.to ? `${value.from} to ${value.to}` : "Custom range";
  }
  return periodPresets.find((preset) => preset.value === value.period)?.label ?? value.period;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Why a custom range cannot be applied, or undefined when it can. */
export function customRangeProblem(from: string, to: string): string | undefined {
  if (!DATE.test(from) || !DATE.test(to)) return "Choose a start and an end date.";
  if (from > to) return "The start date must be on or before the end date.";
  return undefined;
}

export type PeriodPickerProps = Omit<React.ComponentProps<"fieldset">, "onChange" | "defaultValue"> & {
  value?: PeriodValue;
  defaultValue?: PeriodValue;
  /** Fires for a preset at once, and for a custom range once both dates are applied. */
  onValueChange?: (value: PeriodValue) => void;
  /** The group's name for assistive technology and on screen. */
  label?: string;
  /** Earliest and latest selectable day of a custom range (`YYYY-MM-DD`), e.g. the stored history. */
  min?: string;
  max?: string;
};

/**
 * A segmented choice of reporting window (radio buttons underneath, so arrow keys move between them), with a
 * from–to pair that appears for a custom range and applies only when both dates make a range.
 */
export function PeriodPicker({
  className,
  value: valueProp,
  defaultValue = { period: "30d" },
  onValueChange,
  label = "Period",
  min,
  max,
  ...props
}: PeriodPickerProps) {
  const [value, setValue] = useControllableState({
    value: valueProp,
    defaultValue,
    onChange: onValueChange,
  });
  const name = React.useId();
  const [customOpen, setCustomOpen] = React.useState(value.period === "custom");
  const [from, setFrom] = React.useState(value.from ?? "");
  const [to, setTo] = React.useState(value.to ?? "");
  const [problem, setProblem] = React.useState<string>();
  const selected = customOpen ? "custom" : value.period;

  const choose = (preset: PeriodPreset) => {
    setProblem(undefined);
    if (preset === "custom") {
      setCustomOpen(true);
      return;
    }
    setCustomOpen(false);
    setValue({ period: preset });
  };

  const apply = (event: React.FormEvent) => {
    event.preventDefault();
    const found = customRangeProblem(from, to);
    setProblem(found);
    if (!found) setValue({ period: "custom", from, to });
  };

  const applyOnEnter = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") apply(event);
  };

  const problemId = `${name}-problem`;
  return (
    <fieldset data-slot="period-picker" className={cn("flex flex-col items-end gap-2", className)} {...props}>
      <legend className="sr-only">{label}</legend>
      <div data-slot="period-picker-presets" className="bg-muted flex h-9 items-center gap-1 rounded-lg p-1">
        {periodPresets.map((preset) => (
          <label
            key={preset.value}
            className={cn(
              "text-muted-foreground relative inline-flex h-full cursor-pointer items-center rounded-md px-3 text-sm font-medium whitespace-nowrap",
              "hover:text-foreground has-focus-visible:ring-ring/50 has-focus-visible:ring-[3px]",
              "has-checked:bg-background has-checked:text-foreground has-checked:shadow-sm",
            )}
          >
            <input
              type="radio"
              name={name}
              value={preset.value}
              checked={selected === preset.value}
              onChange={() => choose(preset.value)}
              className="sr-only"
            />
            {preset.label}
          </label>
        ))}
      </div>
      {customOpen ? (
        <div data-slot="period-picker-custom" className="flex flex-col items-end gap-1">
          {/* Not a <form>: the picker may sit inside one. Enter in a date field applies, as a form would. */}
          <div className="flex items-end gap-2">
            <div className="flex flex-col gap-1">
              <label htmlFor={`${name}-from`} className="text-xs font-medium">
                From
              </label>
              <Input
                id={`${name}-from`}
                type="date"
                size="sm"
                value={from}
                min={min}
                max={to || max}
                onChange={(event) => setFrom(event.target.value)}
                onKeyDown={applyOnEnter}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? problemId : undefined}
              />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={`${name}-to`} className="text-xs font-medium">
                To
              </label>
              <Input
                id={`${name}-to`}
                type="date"
                size="sm"
                value={to}
                min={from || min}
                max={max}
                onChange={(event) => setTo(event.target.value)}
                onKeyDown={applyOnEnter}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? problemId : undefined}
              />
            </div>
            <Button size="sm" emphasis="secondary" onClick={apply}>
              Apply
            </Button>
          </div>
          {problem ? (
            <p id={problemId} role="alert" className="text-destructive-strong text-xs">
              {problem}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
