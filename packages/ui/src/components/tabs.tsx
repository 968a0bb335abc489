import { cva, type VariantProps } from "class-variance-authority";
import { Tabs as TabsPrimitive } from "radix-ui";
import * as React from "react";
import { cn } from "../lib/cn";

export const tabsListVariants = cva("text-muted-foreground inline-flex w-fit items-center", {
  variants: {
    /** segmented: a pill group for switching views of one thing; underline: page-level sections. */
    appearance: {
      segmented: "bg-muted h-9 gap-1 rounded-lg p-1",
      underline: "border-border h-10 w-full justify-start gap-4 border-b",
    },
  },
  defaultVariants: { appearance: "segmented" },
});

export const tabsTriggerVariants = cva(
  [
    "inline-flex items-center justify-center gap-1.5 text-sm font-medium whitespace-nowrap transition-[color,box-shadow]",
    "hover:text-foreground focus-visible:ring-ring/50 outline-none focus-visible:ring-[3px]",
    "disabled:pointer-events-none disabled:opacity-50",
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: {
      appearance: {
        segmented: [
          "h-full flex-1 rounded-md px-3",
          "data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm",
        ],
        underline: [
          "-mb-px h-full rounded-none border-b-2 border-transparent px-1",
          "data-[state=active]:border-primary data-[state=active]:text-foreground",
        ],
      },
    },
    defaultVariants: { appearance: "segmented" },
  },
);

type Appearance = NonNullable<VariantProps<typeof tabsListVariants>["appearance"]>;
const TabsAppearance = React.createContext<Appearance>("segmented");

export type TabsProps = React.ComponentProps<typeof TabsPrimitive.Root> &
  VariantProps<typeof tabsListVariants>;

/** Radix Tabs root. `appearance` styles the list and its triggers. Arrow keys move between tabs. */
export function Tabs({ className, appearance, ...props }: TabsProps) {
  return (
    <TabsAppearance.Provider value={appearance ?? "segmented"}>
      <TabsPrimitive.Root data-slot="tabs" className={cn("flex flex-col gap-3", className)} {...props} />
    </TabsAppearance.Provider>
  );
}

export type TabsListProps = React.ComponentProps<typeof TabsPrimitive.List>;

/** The row of tabs. Give it an `aria-label` when no heading names the tabs. */
export function TabsList({ className, ...props }: TabsListProps) {
  const appearance = React.useContext(TabsAppearance);
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn(tabsListVariants({ appearance }), className)}
      {...props}
    />
  );
}

export type TabsTriggerProps = React.ComponentProps<typeof TabsPrimitive.Trigger>;

export function TabsTrigger({ className, ...props }: TabsTriggerProps) {
  const appearance = React.useContext(TabsAppearance);
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn(tabsTriggerVariants({ appearance }), className)}
      {...props}
    />
  );
}

export type TabsContentProps = React.ComponentProps<typeof TabsPrimitive.Content>;

export function TabsContent({ className, ...props }: TabsContentProps) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      className={cn("focus-visible:ring-ring/50 rounded-md outline-none focus-visible:ring-[3px]", className)}
      {...props}
    />
  );
}
